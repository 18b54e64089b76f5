import { operation } from "@/lib/http/operation";
import { UPSTREAM } from "@/lib/http/upstream-calls";
import { openReviewStore } from "@/lib/reviews/open-store";
import { reviewId } from "@/lib/reviews/review-id";

export const dynamic = "force-dynamic";

/** One review with its comments and audit log. */
export const GET = operation<{ id: string }>(async ({ params, platform }) => {
  const id = reviewId(params.id);
  const store = await openReviewStore(platform);
  const [{ value }, comments, audit] = await Promise.all([store.load(id), store.comments(id), store.auditLog(id)]);
  return { ...value, comments, audit };
}, { role: "viewer", upstream: UPSTREAM.none });
