// Which account entry each listed zone belongs to: a zone id names its zone, but only its own account's
// credentials may read it. Filled by every zone listing; per process or isolate, like the other caches.
import "server-only";
import { NotFoundError } from "@/lib/errors/not-found-error";
import { InputError } from "@/lib/errors/input-error";
import type { AccountEntry } from "@/lib/accounts/account-entries";
import { ACCOUNT_PARAMETER, type AccountScope } from "@/lib/accounts/account-scope";
import type { RowAccount } from "@/lib/accounts/row-account";
import { processState } from "@/lib/process-state";

interface ZoneOwner {
  entryKey: string;
  account: RowAccount;
}

const owners = processState("zone-accounts.owners", () => new Map<string, ZoneOwner>());

export const zoneAccounts = {
  record(entryKey: string, zones: readonly { id: string; account: RowAccount }[]): void {
    for (const zone of zones) owners.set(zone.id, { entryKey, account: zone.account });
  },
  /** The zone's account as its listing named it (undefined: not listed here yet). */
  accountOf(zoneId: string): RowAccount | undefined {
    return owners.get(zoneId)?.account;
  },
  clear(): void {
    owners.clear();
  },
};

/** With an account asked for, only the entries seen listing it (when any were): no other credential is asked for it. */
export function narrowToKnownReach(scope: AccountScope): AccountScope {
  if (scope.accountId === undefined || scope.entries.length < 2) return scope;
  const reaching = new Set<string>();
  for (const owner of owners.values()) if (owner.account.id === scope.accountId) reaching.add(owner.entryKey);
  const entries = scope.entries.filter((entry) => reaching.has(entry.key));
  return entries.length ? { ...scope, entries } : scope;
}

/**
 * The entry whose credentials read this zone. A zone listed under another account than the one asked for is refused
 * before any call; an unlisted zone needs its account named when several entries could hold it.
 */
export function zoneEntry(zoneId: string, scope: AccountScope): AccountEntry {
  const owner = owners.get(zoneId);
  if (owner) {
    const entry = scope.entries.find((candidate) => candidate.key === owner.entryKey);
    if (!entry || (scope.accountId !== undefined && owner.account.id !== "" && owner.account.id !== scope.accountId)) {
      throw new NotFoundError(`Zone ${zoneId} is not in the account asked for`);
    }
    return entry;
  }
  if (scope.entries.length === 1) return scope.entries[0]!;
  throw new InputError(
    ACCOUNT_PARAMETER,
    "account must name the zone's account: the zone has not been listed in any configured account yet",
  );
}
