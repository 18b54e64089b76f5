// The review store on this process's bucket (Miniflare on Node, the binding on the edge runtime).
import "server-only";
import { getBucket } from "@/lib/storage/bucket-provider";
import { ReviewStore } from "@/lib/reviews/store";
import type { PlatformClient } from "@/lib/platform/client";
import { meteredBucket } from "@/lib/storage/metered-bucket";

/** The store for one server request: its bucket calls count in the request's subrequests and 6 connections. */
export async function openReviewStore(platform: PlatformClient): Promise<ReviewStore> {
  return new ReviewStore(meteredBucket(await getBucket(), platform.scheduler));
}
