// The Reviews list's view in the URL: its filters, and `create` + `zoneId` to open a new review from a
// zone's page. One set of parsers for the page and for the server.
import { createLoader, parseAsString, parseAsStringLiteral, type inferParserType } from "nuqs/server";
import { accountSearchParams } from "@/components/accounts/search-params";
import { REVIEW_KINDS, REVIEW_STATES } from "@/lib/reviews/kind-names";

/** The review kinds a zone's page can link to: the migration steps. */
export const MIGRATION_KINDS = ["start_validation", "complete_migration", "delete_uri_overrides", "accept_baseline"] as const;

export const reviewsSearchParams = {
  state: parseAsStringLiteral(REVIEW_STATES),
  kind: parseAsStringLiteral(REVIEW_KINDS),
  author: parseAsString.withDefault(""),
  create: parseAsStringLiteral(MIGRATION_KINDS),
  zoneId: parseAsString,
  // The account filter; with `create`, the zone's account the new review binds to.
  ...accountSearchParams,
};

export type ReviewsView = inferParserType<typeof reviewsSearchParams>;
export const loadReviewsSearchParams = createLoader(reviewsSearchParams);
