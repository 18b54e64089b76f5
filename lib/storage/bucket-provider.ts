// The bucket for this process: the edge runtime's binding when there is one, else the local one on Node.
import "server-only";
import { getConfig } from "@/lib/config";
import { edgeEnv, onEdgeRuntime } from "@/lib/edge/runtime";
import type { Bucket } from "@/lib/storage/bucket";

/** The binding's name in wrangler.jsonc (`r2_buckets[].binding`). */
export const BUCKET_BINDING = "BUCKET";

let binding: Bucket | undefined;
/** Node's local bucket module, imported once (see getBucket). */
let localBucketModule: Promise<typeof import("@/lib/storage/local-bucket")> | undefined;

/** A seam for tests and other hosts: hand a binding over explicitly. */
export function provideBucketBinding(bucket: Bucket | undefined): void {
  binding = bucket;
}

export async function getBucket(): Promise<Bucket> {
  const bound = binding ?? (edgeEnv()?.[BUCKET_BINDING] as Bucket | undefined);
  if (bound) return bound;
  if (onEdgeRuntime()) throw new Error(`The bucket binding ${BUCKET_BINDING} is missing: declare it in wrangler.jsonc (r2_buckets)`);
  // Node only: Miniflare's local bucket, loaded on demand so it never enters the worker bundle. The module is
  // imported once: every decoded read and cached answer asks for the bucket, and each import() resolves anew.
  localBucketModule ??= import("@/lib/storage/local-bucket").catch((error: unknown) => {
    localBucketModule = undefined;
    throw error;
  });
  const { openLocalBucket } = await localBucketModule;
  return openLocalBucket(getConfig().storage.dataDir);
}
