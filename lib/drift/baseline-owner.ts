// Whose drift watch checks a zone: the entry whose credentials executed the review that set its baseline. Another
// entry's token may not reach the zone at all (the platform answers 403), which would flag it as a failed check.
import type { AccountEntry } from "@/lib/accounts/account-entries";
import type { BaselineOwner } from "@/lib/drift/refresh-work";

/**
 * The owner test for `entryKey`'s refresh. A baseline naming no entry predates several accounts, when the first entry
 * was the only one: it stays the first entry's (as a review naming none does, lib/accounts/review-entry.ts).
 */
export function baselineOwner(entryKey: string, entries: readonly Pick<AccountEntry, "key">[]): BaselineOwner {
  const first = entries[0]?.key;
  return (entry) => (entry ?? first) === entryKey;
}
