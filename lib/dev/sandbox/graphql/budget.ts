// GraphQL analytics' own query limit (the platform's default: 300 queries per 5 minutes per user, on top of
// the account's 1200 calls). The platform documents given to us are silent on its shape; this is the
// answer the real API is reported to give: HTTP 200 with a GraphQL error, not a 429 and no Retry-After.
import type { Principal } from "../auth";
import type { ApiResponse } from "../envelope";
import type { FaultInjector } from "../faults";
import type { RateLimitConfig, RateLimiter } from "../rate-limit";

export const DEFAULT_GRAPHQL_RATE_LIMIT: RateLimitConfig = { requests: 300, windowSeconds: 300 };
export const BUDGET_DEPLETED_CODE = "budget_depleted";

function inWords(seconds: number): string {
  if (seconds % 60 === 0) return `${seconds / 60} minute${seconds === 60 ? "" : "s"}`;
  return `${seconds} second${seconds === 1 ? "" : "s"}`;
}

export function budgetDepleted(retryAfterSeconds: number): ApiResponse {
  const message = `rate limiter budget depleted, please try again after ${inWords(retryAfterSeconds)}`;
  const error = { message, path: ["viewer"], extensions: { code: BUDGET_DEPLETED_CODE, timestamp: new Date().toISOString() } };
  return { status: 200, body: { data: null, errors: [error] } };
}

/** The refusal of a GraphQL query over the limit (or forced by the `graphqlBudgetDepleted` fault); undefined when it may run. */
export function checkGraphqlBudget(limiter: RateLimiter, faults: FaultInjector, principal: Principal): ApiResponse | undefined {
  if (faults.takeGraphqlBudgetDepleted()) return budgetDepleted(faults.get().retryAfterSeconds);
  const decision = limiter.check(principal);
  return decision.allowed ? undefined : budgetDepleted(decision.retryAfterSeconds);
}
