import { commentBodySchema as bodySchema } from "@/lib/api/request-bodies";
import { readJsonBody } from "@/lib/http/json-body";
import { operation } from "@/lib/http/operation";
import { UPSTREAM } from "@/lib/http/upstream-calls";
import { openReviewStore } from "@/lib/reviews/open-store";
import { reviewId } from "@/lib/reviews/review-id";
import { commentOnReview } from "@/lib/reviews/service";

export const dynamic = "force-dynamic";

export const POST = operation<{ id: string }>(
  async ({ request, params, identity, platform }) => {
    const { text } = await readJsonBody(request, bodySchema);
    await commentOnReview(await openReviewStore(platform), reviewId(params.id), identity, text);
    return Response.json({ ok: true }, { status: 201 });
  },
  { role: "viewer", upstream: UPSTREAM.none },
);
