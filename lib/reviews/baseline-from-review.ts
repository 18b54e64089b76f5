// The baseline an executed review sets, from the review alone: what its kind approved (a migration step:
// the entry point PUT's body and answer; an accepted drift: the live entry point its evidence froze) and
// who approved and executed it. Pure: tests give it reviews as stored.
import { BASELINE_KINDS, type Baseline, type BaselineKind } from "@/lib/drift/baseline";
import { handlerOf } from "@/lib/reviews/kinds";
import type { Review } from "@/lib/reviews/schema";

export function isBaselineKind(kind: string): kind is BaselineKind {
  return (BASELINE_KINDS as readonly string[]).includes(kind);
}

/** The baseline to store once every call of `review` succeeded; undefined when the review sets none. */
export function baselineFromReview(review: Review, at: string): Baseline | undefined {
  if (!isBaselineKind(review.kind)) return undefined;
  const approved = handlerOf(review.kind).approved?.(review);
  if (!approved) return undefined;
  const { zoneId, zoneName, configuration, entrypoint } = approved;
  const who = {
    reviewId: review.id,
    reviewKind: review.kind,
    ...(review.approvedBy ? { approvedBy: review.approvedBy } : {}),
    ...(review.executedBy ? { executedBy: review.executedBy } : {}),
    at,
  };
  const account = review.account ? { account: { id: review.account.id, name: review.account.name } } : {};
  // The entry that executed the review reads the zone for drift watch too; never another entry's credentials.
  const entry = review.entry !== undefined ? { entry: review.entry } : {};
  return { format: 1, zoneId, zoneName, ...account, ...entry, ...who, configuration, ...(entrypoint ? { entrypoint } : {}) };
}
