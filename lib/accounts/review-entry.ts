// Which configured entry executes a review: the one it was planned with, never another's credentials.
import { NotFoundError } from "@/lib/errors/not-found-error";
import type { AccountEntry } from "@/lib/accounts/account-entries";
import type { RowAccount } from "@/lib/accounts/row-account";

/** The review's entry; a review from before reviews named one is the first entry's (then the only one). */
export function reviewEntry(review: { entry?: string }, entries: readonly AccountEntry[]): AccountEntry {
  const entry = review.entry === undefined ? entries[0] : entries.find((candidate) => candidate.key === review.entry);
  if (!entry) throw new NotFoundError(`The review's account (${review.entry}) is no longer configured: it cannot be executed`);
  return entry;
}

/** An entry's account when no listed zone named it (a user-level review, e.g. an invite). */
export function entryAccount(entry: Pick<AccountEntry, "key" | "id" | "name">): RowAccount | undefined {
  return entry.id ? { id: entry.id, name: entry.name ?? entry.key } : undefined;
}
