// GraphQL analytics' own query limit (the platform's default: 300 queries per 5 minutes per user, on top of
// the account's 1200 calls). The platform documents given to us are silent on its shape; the current API
// documentation (analytics/graphql-api/errors) lists "rate limiter budget depleted, try again after 5
// minutes" as an HTTP 429 with a GraphQL body (`data: null`, `errors` with `message`, `path` and
// `extensions.timestamp`; GraphQL errors carry no code) and names no Retry-After: answered the same here.
import type { Principal } from "../auth";
import type { ApiResponse } from "../envelope";
import type { FaultInjector } from "../faults";
import type { RateLimitConfig, RateLimiter } from "../rate-limit";

export const DEFAULT_GRAPHQL_RATE_LIMIT: RateLimitConfig = { requests: 300, windowSeconds: 300 };
/** How the call log names the refusal (the answer itself has no code). */
export const BUDGET_DEPLETED_CODE = "budget_depleted";

function inWords(seconds: number): string {
  if (seconds % 60 === 0) return `${seconds / 60} minute${seconds === 60 ? "" : "s"}`;
  return `${seconds} second${seconds === 1 ? "" : "s"}`;
}

export function budgetDepleted(retryAfterSeconds: number): ApiResponse {
  const message = `rate limiter budget depleted, try again after ${inWords(retryAfterSeconds)}`;
  const error = { message, path: ["viewer"], extensions: { timestamp: new Date().toISOString() } };
  return { status: 429, body: { data: null, errors: [error] }, logAs: BUDGET_DEPLETED_CODE };
}

/** The refusal of a GraphQL query over the limit (or forced by the `graphqlBudgetDepleted` fault); undefined when it may run. */
export function checkGraphqlBudget(limiter: RateLimiter, faults: FaultInjector, principal: Principal): ApiResponse | undefined {
  if (faults.takeGraphqlBudgetDepleted()) return budgetDepleted(faults.get().retryAfterSeconds);
  const decision = limiter.check(principal);
  return decision.allowed ? undefined : budgetDepleted(decision.retryAfterSeconds);
}
