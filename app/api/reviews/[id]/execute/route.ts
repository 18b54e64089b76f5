import { z } from "zod";
import { readJsonBody } from "@/lib/http/json-body";
import { operation } from "@/lib/http/operation";
import { UPSTREAM } from "@/lib/http/upstream-calls";
import { executeReview } from "@/lib/reviews/execute";
import { openReviewStore } from "@/lib/reviews/open-store";
import { reviewId } from "@/lib/reviews/review-id";

export const dynamic = "force-dynamic";

const bodySchema = z.object({ confirm: z.string().max(300).optional() });

/** Runs an approved review's calls once each; `{"confirm":"<zone name>"}` for irreversible steps. */
export const POST = operation<{ id: string }>(
  async ({ request, params, platform, identity }) => {
    const { confirm } = await readJsonBody(request, bodySchema, { optional: true });
    return executeReview(await openReviewStore(), platform, reviewId(params.id), identity!, confirm);
  },
  { role: "planner", upstream: UPSTREAM.reviewExecute },
);
