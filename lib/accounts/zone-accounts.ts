// Which account entry each listed zone belongs to: a zone id names its zone, but only its own account's
// credentials may read it. Filled by every zone listing; per process or isolate, like the other caches.
import "server-only";
import { NotFoundError } from "@/lib/errors/not-found-error";
import { InputError } from "@/lib/errors/input-error";
import type { AccountEntry } from "@/lib/accounts/account-entries";
import { ACCOUNT_PARAMETER, type AccountScope } from "@/lib/accounts/account-scope";

interface ZoneOwner {
  entryKey: string;
  accountId: string;
}

const owners = new Map<string, ZoneOwner>();

export const zoneAccounts = {
  record(entryKey: string, zones: readonly { id: string; accountId: string }[]): void {
    for (const zone of zones) owners.set(zone.id, { entryKey, accountId: zone.accountId });
  },
  clear(): void {
    owners.clear();
  },
};

/**
 * The entry whose credentials read this zone. A zone listed under another account than the one asked for is refused
 * before any call; an unlisted zone needs its account named when several entries could hold it.
 */
export function zoneEntry(zoneId: string, scope: AccountScope): AccountEntry {
  const owner = owners.get(zoneId);
  if (owner) {
    const entry = scope.entries.find((candidate) => candidate.key === owner.entryKey);
    if (!entry || (scope.accountId !== undefined && owner.accountId !== "" && owner.accountId !== scope.accountId)) {
      throw new NotFoundError(`Zone ${zoneId} is not in the account asked for`);
    }
    return entry;
  }
  if (scope.entries.length === 1) return scope.entries[0]!;
  throw new InputError(ACCOUNT_PARAMETER, "account must name the zone's account: the zone has not been listed in any configured account yet");
}
