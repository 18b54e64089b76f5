// The drift flags for one server request: the bucket listing counts in its subrequests and connections.
import "server-only";
import { listDriftFlags, type DriftFlag } from "@/lib/drift/flags";
import type { PlatformClient } from "@/lib/platform/client";
import { getBucket } from "@/lib/storage/bucket-provider";
import { meteredBucket } from "@/lib/storage/metered-bucket";

/** For a page rendered with its first rows: one bucket listing, outside any operation's budget. */
export async function pageDriftFlags(): Promise<DriftFlag[] | null> {
  try {
    return await listDriftFlags(await getBucket());
  } catch {
    return null;
  }
}

/** The flags, or null when they could not be read (unknown: never shown as "no drift"). */
export async function zoneDriftFlags(platform: PlatformClient): Promise<DriftFlag[] | null> {
  try {
    return await listDriftFlags(meteredBucket(await getBucket(), platform.scheduler));
  } catch {
    return null;
  }
}
