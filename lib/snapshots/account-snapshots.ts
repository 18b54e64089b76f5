// Where each configured account's snapshot stands: a snapshot is its entry's (the credential's), so the accounts one
// credential reaches share one; each account gets a row naming its entry's snapshot. Pure: the operation reads the
// accounts each entry reaches and each entry's snapshot, and this puts them together.
import { InputError } from "@/lib/errors/input-error";
import type { AccountEntry } from "@/lib/accounts/account-entries";
import { ACCOUNT_PARAMETER } from "@/lib/accounts/account-scope";
import type { AccountsAnswer } from "@/lib/accounts/configured-accounts";
import type { SnapshotInfo } from "@/lib/snapshots/read";

/** What GET /api/snapshots has always said of one snapshot. */
export interface SnapshotStatus {
  snapshot: SnapshotInfo | null;
  refreshing: SnapshotInfo["refreshing"];
  /** Whether the snapshot is fresh enough to answer the listings. */
  used: boolean;
}

export interface AccountSnapshot extends SnapshotStatus {
  id: string;
  name: string;
  /** The configured entry whose snapshot this is: accounts with the same entry share it. */
  entry: string;
}

type Entry = Pick<AccountEntry, "key" | "id" | "name">;

/**
 * The entries whose snapshot holds the account asked for: those whose credentials reach it, and those whose accounts
 * could not be listed (they may). Every entry when none is asked for; an account no entry reaches is a 400.
 */
export function entriesHolding<E extends Entry>(entries: readonly E[], reached: AccountsAnswer, accountId?: string): E[] {
  if (accountId === undefined) return [...entries];
  const holding = entries.filter(
    (entry) =>
      entry.id === accountId ||
      reached.accounts.some((account) => account.entry === entry.key && account.id === accountId) ||
      reached.unread.some((part) => part.entry === entry.key),
  );
  if (!holding.length) throw new InputError(ACCOUNT_PARAMETER, "account names no account the configured credentials reach");
  return holding;
}

/**
 * One row per account each entry reaches (only the one asked for, when one is), in configuration order, with its
 * entry's snapshot. An entry whose accounts could not be listed is one row named as configured.
 */
export function accountSnapshotRows(
  entries: readonly Entry[],
  reached: AccountsAnswer,
  statusOf: (entryKey: string) => SnapshotStatus,
  accountId?: string,
): AccountSnapshot[] {
  return entries.flatMap((entry) => {
    const listed = entry.id
      ? [{ id: entry.id, name: entry.name ?? entry.key }]
      : reached.accounts.filter((account) => account.entry === entry.key);
    const accounts = accountId === undefined ? listed : listed.filter((account) => account.id === accountId);
    const named = accounts.length ? accounts : [{ id: entry.id ?? accountId ?? "", name: entry.name ?? entry.key }];
    return named.map((account) => ({ id: account.id, name: account.name, entry: entry.key, ...statusOf(entry.key) }));
  });
}
