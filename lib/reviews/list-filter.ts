// The Reviews list's filters (state, kind, author), shared by the operation and the page's URL.
import { InputError } from "@/lib/errors/input-error";
import { REVIEW_KINDS, REVIEW_STATES, type ReviewSummary } from "@/lib/reviews/schema";

export interface ReviewFilter {
  state?: string;
  kind?: string;
  author?: string;
  /** An account id: the reviews of that account (a review from before reviews named one belongs to none). */
  account?: string;
}

export function checkFilter(filter: ReviewFilter): ReviewFilter {
  if (filter.state && !(REVIEW_STATES as readonly string[]).includes(filter.state))
    throw new InputError("state", `state must be one of ${REVIEW_STATES.join(", ")}`);
  if (filter.kind && !(REVIEW_KINDS as readonly string[]).includes(filter.kind))
    throw new InputError("kind", `kind must be one of ${REVIEW_KINDS.join(", ")}`);
  return filter;
}

export function applyFilter(reviews: readonly ReviewSummary[], filter: ReviewFilter): ReviewSummary[] {
  return reviews.filter(
    (r) =>
      (!filter.state || r.state === filter.state) &&
      (!filter.kind || r.kind === filter.kind) &&
      (!filter.author || r.author === filter.author) &&
      (!filter.account || r.account?.id === filter.account),
  );
}
