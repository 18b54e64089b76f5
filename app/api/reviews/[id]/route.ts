import { operation } from "@/lib/http/operation";
import { UPSTREAM } from "@/lib/http/upstream-calls";
import { openReviewStore } from "@/lib/reviews/open-store";
import { reviewId } from "@/lib/reviews/review-id";
import { frozenRulesetDiff } from "@/lib/reviews/ruleset-diff-evidence";

export const dynamic = "force-dynamic";

/** One review with its comments and audit log, and (migration steps) the ruleset diff its reviewer approves, read here: zod stays off the page. */
export const GET = operation<{ id: string }>(
  async ({ params, platform }) => {
    const id = reviewId(params.id);
    const store = await openReviewStore(platform);
    const [{ value }, comments, audit] = await Promise.all([store.load(id), store.comments(id), store.auditLog(id)]);
    return { ...value, comments, audit, approvedRulesetDiff: frozenRulesetDiff(value.kind, value.evidence) ?? null };
  },
  { role: "viewer", upstream: UPSTREAM.none },
);
