// GET and DELETE /api/snapshots for every account a request reads: each entry's snapshot status read once, the
// accounts its credential reaches named (GET /accounts for an entry without an account id, kept a few minutes).
import "server-only";
import { configuredAccounts } from "@/lib/accounts/configured-accounts";
import type { AccountScope } from "@/lib/accounts/account-scope";
import type { AccountEntry } from "@/lib/config-schema";
import type { PlatformClient } from "@/lib/platform/client";
import { accountSnapshotRows, entriesHolding, type AccountSnapshot, type SnapshotStatus } from "@/lib/snapshots/account-snapshots";
import { discardSnapshots, openSnapshots } from "@/lib/snapshots/service";

interface Scoped {
  accounts: AccountScope;
  platformFor: (entry: AccountEntry) => PlatformClient;
}

/** The first entry's status as before (the one holding the account asked for), and a row per account. */
export async function readAccountsSnapshots({ accounts, platformFor }: Scoped): Promise<SnapshotStatus & { accounts: AccountSnapshot[] }> {
  const reached = await configuredAccounts(accounts.entries, platformFor);
  const entries = entriesHolding(accounts.entries, reached, accounts.accountId);
  const statuses = new Map(
    await Promise.all(
      entries.map(async (entry): Promise<[string, SnapshotStatus]> => {
        const { info, refreshing, usable } = await openSnapshots(platformFor(entry));
        return [entry.key, { snapshot: info, refreshing, used: usable !== null }];
      }),
    ),
  );
  const statusOf = (key: string) => statuses.get(key)!;
  return { ...statusOf(entries[0]!.key), accounts: accountSnapshotRows(entries, reached, statusOf, accounts.accountId) };
}

/** Discards the snapshot of each entry holding the account asked for (every entry's without one). */
export async function discardAccountsSnapshots({ accounts, platformFor }: Scoped): Promise<void> {
  const entries =
    accounts.accountId === undefined
      ? accounts.entries
      : entriesHolding(accounts.entries, await configuredAccounts(accounts.entries, platformFor), accounts.accountId);
  await Promise.all(entries.map((entry) => discardSnapshots(platformFor(entry))));
}
