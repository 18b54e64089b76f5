import { executeBodySchema as bodySchema } from "@/lib/api/request-bodies";
import { getConfig } from "@/lib/config";
import { readJsonBody } from "@/lib/http/json-body";
import { operation } from "@/lib/http/operation";
import { UPSTREAM } from "@/lib/http/upstream-calls";
import { executeReview } from "@/lib/reviews/execute";
import { openReviewStore } from "@/lib/reviews/open-store";
import { reviewId } from "@/lib/reviews/review-id";
import type { Review } from "@/lib/reviews/schema";
import { reviewEntry } from "@/lib/accounts/review-entry";

export const dynamic = "force-dynamic";

/** Runs an approved review's calls once each (or resumes one a stopped server left); `{"confirm":"<zone name>"}` for irreversible steps. */
export const POST = operation<{ id: string }>(
  async ({ request, params, platform, platformFor, identity }) => {
    const { confirm } = await readJsonBody(request, bodySchema, { optional: true });
    const platformOf = (review: Review) => platformFor(reviewEntry(review, getConfig().accounts));
    return executeReview(await openReviewStore(platform), platformOf, reviewId(params.id), identity, confirm, {
      leaseMs: getConfig().reviewExecutionLeaseMs,
    });
  },
  { role: "planner", upstream: UPSTREAM.reviewExecute },
);
