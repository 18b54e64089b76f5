// GraphQL analytics has a query limit of its own, on top of the account's 1200 calls per 5 minutes: by
// default 300 queries per 5 minutes per user. Over it the platform answers HTTP 200 with a GraphQL error
// ("rate limiter budget depleted, please try again after 5 minutes"), not a 429: told apart here.
import type { GraphqlMessage } from "@/lib/platform/graphql";
import type { RateLimit } from "@/lib/platform/rate-limiter";

export const DEFAULT_GRAPHQL_RATE_LIMIT: RateLimit = { requests: 300, windowSeconds: 300 };

/** The code the sandbox gives the refusal; the real API is matched by its message as well. */
export const BUDGET_DEPLETED_CODE = "budget_depleted";

export function isBudgetDepleted(error: GraphqlMessage): boolean {
  return error.code === BUDGET_DEPLETED_CODE || /budget depleted|rate limit/i.test(error.message);
}

/** How long to wait: the message's "after N seconds|minutes", else a whole window of the limit. */
export function budgetDepletedWaitMs(error: GraphqlMessage, limit: RateLimit): number {
  const match = /after (\d+) ?(second|minute|s\b|min)/i.exec(error.message);
  if (!match) return limit.windowSeconds * 1000;
  const n = Number(match[1]);
  return (match[2]!.toLowerCase().startsWith("m") ? n * 60 : n) * 1000;
}
