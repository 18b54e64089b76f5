// The Zones page's first rows, rendered with the page: the answer GET /api/zones would give first (one account, no
// cursor, no refresh), where the server can give it without calling the account. The published snapshot's first
// slice when it is fresh, as the operation answers; else the live scan's first rows if this process holds them all,
// with what is known of snapshots; else nothing, and the page asks the operation.
import "server-only";
import { partCoverage, type AccountCoverage } from "@/lib/accounts/account-answers";
import { getConfig } from "@/lib/config";
import { pageDriftFlags } from "@/lib/drift/open-flags";
import type { DriftFlag } from "@/lib/drift/flags";
import { cachedFirstAnswer, type AccountScan } from "@/lib/migration/scan-account";
import { openPlatform } from "@/lib/platform/open-platform";
import { defaultZoneListKey } from "@/lib/platform/zone-list-share";
import { zonesFromSnapshot } from "@/lib/snapshots/answers";
import type { SnapshotInfo } from "@/lib/snapshots/read";

export type ZonesFirstAnswer = AccountScan & { snapshot: SnapshotInfo | null; accounts: AccountCoverage[]; drift: DriftFlag[] | null };

/** No upstream call from a page render: a read that would need one is the operation's. */
const NO_UPSTREAM = () => false;

export async function zonesFirstAnswer(): Promise<ZonesFirstAnswer | undefined> {
  const config = getConfig();
  const entry = config.accounts[0]!;
  const platform = openPlatform(undefined, undefined, NO_UPSTREAM, "Zones page", entry);
  const snapshot = await zonesFromSnapshot(platform, undefined).catch(() => undefined);
  // The snapshot could not be read: the operation says why (or answers live), not the page.
  if (!snapshot) return undefined;
  const cached = snapshot.answer ? undefined : cachedFirstAnswer(defaultZoneListKey(config));
  const answer = snapshot.answer ?? (cached && { ...cached, snapshot: snapshot.snapshot });
  if (!answer) return undefined;
  const accounts = partCoverage({ entry, answer }, (part) => part.zones);
  // Every account's flags, as the operation answers without an account asked for.
  return { ...answer, accounts, drift: await pageDriftFlags() };
}
