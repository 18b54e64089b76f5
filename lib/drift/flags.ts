// The zones drift watch flags, for the Zones page: one bucket listing of `drift/` with its custom metadata
// (a subrequest per 1,000 flagged zones), no object read. A zone is flagged while its live entry point
// differs from its baseline, or while its last check failed. Each flag names its zone's account.
import type { RowAccount } from "@/lib/accounts/row-account";
import type { Bucket } from "@/lib/storage/bucket";
import { listAll } from "@/lib/storage/json-objects";
import { WATCH_PREFIX } from "@/lib/drift/watch";

export interface DriftFlag {
  zoneId: string;
  zoneName: string;
  /**
   * The zone's account: as the baseline's review named it, else as the zone's listing did (withZoneAccounts). Absent
   * only for a watch from before baselines named their account, of a zone not listed since: then it is not known.
   */
  account?: RowAccount;
  /** `drifted`: changes seen (the last check may also have failed: `failure`); `check_failed`: none seen, the check failed. */
  status: "drifted" | "check_failed";
  /** When the earliest change still there was first seen. */
  since?: string;
  checkedAt: string;
  /** The review whose approved configuration the zone is compared with. */
  reviewId: string;
  changeCount: number;
  /** The changes in words, joined (shortened past 600 characters). */
  summary: string;
  failure?: string;
}

export async function listDriftFlags(bucket: Bucket): Promise<DriftFlag[]> {
  const flags: DriftFlag[] = [];
  for await (const object of listAll(bucket, { prefix: WATCH_PREFIX, include: ["customMetadata"] })) {
    const zoneId = /^drift\/([0-9a-f]{32})\.json$/.exec(object.key)?.[1];
    const meta = object.customMetadata ?? {};
    if (!zoneId || !meta.reviewId || !meta.checkedAt) continue;
    const changeCount = Number(meta.changeCount ?? 0);
    // A watch left resolved by a runner that stopped before deleting it flags nothing.
    if (changeCount === 0 && !meta.failure) continue;
    flags.push({
      zoneId,
      zoneName: meta.zoneName ?? zoneId,
      ...(meta.accountId !== undefined ? { account: { id: meta.accountId, name: meta.accountName ?? "" } } : {}),
      status: changeCount > 0 ? "drifted" : "check_failed",
      ...(meta.since ? { since: meta.since } : {}),
      checkedAt: meta.checkedAt,
      reviewId: meta.reviewId,
      changeCount,
      summary: meta.summary ?? "",
      ...(meta.failure ? { failure: meta.failure } : {}),
    });
  }
  return flags.sort((a, b) => a.zoneName.localeCompare(b.zoneName));
}

/**
 * Flags of watches that name no account (written before baselines named one) take the account the zone's listing
 * named, when it was listed; otherwise they stay without one: an account is never guessed.
 */
export function withZoneAccounts(flags: readonly DriftFlag[], accountOf: (zoneId: string) => RowAccount | undefined): DriftFlag[] {
  return flags.map((flag) => {
    if (flag.account) return flag;
    const account = accountOf(flag.zoneId);
    return account ? { ...flag, account } : flag;
  });
}

/**
 * The flags a request for one account shows: that account's, and those whose account is not known (they may be its;
 * hiding them could hide drift). Without an account asked for, every flag.
 */
export function flagsOfAccount(flags: readonly DriftFlag[], accountId: string | undefined): DriftFlag[] {
  if (accountId === undefined) return [...flags];
  return flags.filter((flag) => !flag.account || flag.account.id === accountId);
}
