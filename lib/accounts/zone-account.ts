// The account of the one zone an operation answers about (the validation window, say), for an answer that names it.
// The zone's listing named it (lib/accounts/zone-accounts.ts); a zone not listed in this process yet is read once
// (GET /zones/{id}, whose `account` the platform fills) and bound like a listed one: never taken from the entry alone,
// whose credential may reach other accounts than the one it names.
import "server-only";
import { zoneAccounts } from "@/lib/accounts/zone-accounts";
import type { RowAccount } from "@/lib/accounts/row-account";
import type { PlatformClient } from "@/lib/platform/client";
import { checkIdentifier } from "@/lib/platform/paths";
import { getZone } from "@/lib/platform/zones";

export async function zoneAccount(platform: PlatformClient, zoneId: string): Promise<RowAccount> {
  checkIdentifier("id", zoneId);
  const listed = zoneAccounts.accountOf(zoneId);
  if (listed) return listed;
  const zone = await getZone(platform, zoneId);
  zoneAccounts.record(platform.entryKey, [zone]);
  return zone.account;
}

/**
 * `read` (a budgeted read of the zone), then the zone's account. For a zone not bound yet, `read` runs one subrequest
 * short of the request's budget, so the zone's read after it always has room (a budget-cut answer keeps its cursor).
 */
export async function withZoneAccount<T>(
  platform: PlatformClient,
  zoneId: string,
  read: (platform: PlatformClient) => Promise<T>,
): Promise<{ result: T; account: RowAccount }> {
  const listed = zoneAccounts.accountOf(zoneId);
  if (listed) return { result: await read(platform), account: listed };
  const result = await read(platform.withScheduler(platform.scheduler.reserving(1)));
  return { result, account: await zoneAccount(platform, zoneId) };
}
