// Which accounts this Preflight reads, in the header's and Settings' words: one configured account by its id, else every
// account the credentials reach; several entries by their count (Settings lists each entry and what it reaches).
import type { AccountEntry } from "@/lib/accounts/account-entries";

export function accountsInWords(accountId: string | undefined, entries: readonly Pick<AccountEntry, "key">[]): string {
  if (entries.length > 1) return `every account of ${entries.length} credentials (listed under Settings › Accounts)`;
  return accountId ?? "every account the credentials reach";
}
