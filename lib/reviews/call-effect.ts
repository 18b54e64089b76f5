// After a restart, a call journalled as "sending" may or may not have reached the platform. Before
// anything is sent again, the account is read to see whether the call took effect: the kind that plans
// the call has a read that answers that (lib/reviews/kinds/). A call with no such read is never resent.
import type { PlatformClient } from "@/lib/platform/client";
import { REVIEW_KIND_HANDLERS } from "@/lib/reviews/kinds";
import type { CallEffect } from "@/lib/reviews/kinds/kind";
import type { ReviewCall } from "@/lib/reviews/schema";

export type { CallEffect } from "@/lib/reviews/kinds/kind";

/** One handler may serve several kinds: each is asked once. */
const HANDLERS = [...new Set(Object.values(REVIEW_KIND_HANDLERS))];

/** Whether the call's change is visible on the account; throws when that cannot be told. */
export async function callEffect(platform: PlatformClient, call: ReviewCall): Promise<CallEffect> {
  if (call.method === "GET") return "not_applied"; // a read changes nothing: reading it again is harmless
  for (const handler of HANDLERS) {
    const effect = handler.effect(platform, call);
    if (effect) return effect;
  }
  throw new Error(`no read tells whether ${call.method} ${call.path} took effect`);
}
