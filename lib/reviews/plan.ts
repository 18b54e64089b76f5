// What a review freezes when it is created, and reads again before it executes: the evidence of its
// target and the exact calls derived from it. Each kind plans itself (lib/reviews/kinds/).
import "server-only";
import type { PlatformClient } from "@/lib/platform/client";
import { handlerOf } from "@/lib/reviews/kinds";
import type { ReviewPlan } from "@/lib/reviews/kinds/kind";
import type { ReviewTarget } from "@/lib/reviews/schema";
import type { Bucket } from "@/lib/storage/bucket";

export type { ReviewPlan } from "@/lib/reviews/kinds/kind";

/**
 * `bucket`: the reviews' bucket, where an accepted drift's baseline is read. `accountId`: the account the zone listing is
 * filtered by (the entry's own account id), as every other listing of Preflight is.
 */
export function planReview(
  platform: PlatformClient,
  target: ReviewTarget,
  bucket?: Bucket,
  accountId: string | undefined = platform.entry.id,
): Promise<ReviewPlan> {
  return handlerOf(target.kind).plan({ platform, bucket, accountId }, target);
}
