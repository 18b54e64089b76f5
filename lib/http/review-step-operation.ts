// The submit, approve and reject operations are one shape: an optional `{"comment"}` body, one transition.
import "server-only";
import { reviewStepBodySchema as bodySchema } from "@/lib/api/request-bodies";
import { readJsonBody } from "@/lib/http/json-body";
import { operation } from "@/lib/http/operation";
import { UPSTREAM } from "@/lib/http/upstream-calls";
import { openReviewStore } from "@/lib/reviews/open-store";
import { reviewId } from "@/lib/reviews/review-id";
import { RULES } from "@/lib/reviews/state-machine";
import { actOnReview } from "@/lib/reviews/service";

export function reviewStep(action: "submit" | "approve" | "reject") {
  return operation<{ id: string }>(
    async ({ request, params, identity, platform }) => {
      const { comment } = await readJsonBody(request, bodySchema, { optional: true });
      return actOnReview(await openReviewStore(platform), reviewId(params.id), action, identity, comment || undefined);
    },
    { role: RULES[action].role, upstream: UPSTREAM.none },
  );
}
