// The bucket for this process: the edge runtime's binding when one was provided, else the local one.
import "server-only";
import { getConfig } from "@/lib/config";
import type { Bucket } from "@/lib/storage/bucket";
import { openLocalBucket } from "@/lib/storage/local-bucket";

let binding: Bucket | undefined;

/** The edge adapter's seam: the worker entry hands its `env.BUCKET` binding over here. */
export function provideBucketBinding(bucket: Bucket | undefined): void {
  binding = bucket;
}

export function getBucket(): Promise<Bucket> {
  return binding ? Promise.resolve(binding) : openLocalBucket(getConfig().storage.dataDir);
}
