// The drift flags for one server request. The listing is remembered a few seconds per process
// (lib/storage/remembered-read.ts): every first Zones answer and page view needs it, and it was most of a
// cached answer's cost (a workerd round trip). This process's writes of a watch forget it at once.
import "server-only";
import { zoneAccounts } from "@/lib/accounts/zone-accounts";
import { listDriftFlags, withZoneAccounts, type DriftFlag } from "@/lib/drift/flags";
import { DRIFT_FLAGS_READ } from "@/lib/drift/watch";
import type { PlatformClient } from "@/lib/platform/client";
import { getBucket } from "@/lib/storage/bucket-provider";
import { meteredBucket } from "@/lib/storage/metered-bucket";
import { rememberedRead } from "@/lib/storage/remembered-read";

/** For a page rendered with its first rows: one bucket listing, outside any operation's budget. */
export async function pageDriftFlags(): Promise<DriftFlag[] | null> {
  try {
    const bucket = await getBucket();
    return named(await rememberedRead(bucket, DRIFT_FLAGS_READ, () => listDriftFlags(bucket)));
  } catch {
    return null;
  }
}

/** The flags, or null when they could not be read (unknown: never shown as "no drift"). */
export async function zoneDriftFlags(platform: PlatformClient): Promise<DriftFlag[] | null> {
  try {
    const bucket = await getBucket();
    // Read through the request's metered view: the listing counts in its subrequests and connections.
    return named(await rememberedRead(bucket, DRIFT_FLAGS_READ, () => listDriftFlags(meteredBucket(bucket, platform.scheduler))));
  } catch {
    return null;
  }
}

/** After the remembered listing: a zone listed since then names the account of a flag whose watch names none. */
const named = (flags: DriftFlag[]) => withZoneAccounts(flags, (zoneId) => zoneAccounts.accountOf(zoneId));
