// GraphQL analytics has a query limit of its own, on top of the account's 1200 calls per 5 minutes: by
// default 300 queries per 5 minutes per user. Over it the platform answers a GraphQL body whose error says
// "rate limiter budget depleted, try again after 5 minutes": with HTTP 429 per the current documentation
// (analytics/graphql-api/errors), with 200 as earlier reports have it. Both are told apart from the account's
// 429 (a v4 envelope) by the body, and from other GraphQL errors by the message: the platform gives no code.
import type { GraphqlMessage } from "@/lib/platform/graphql";
import type { RateLimit } from "@/lib/platform/rate-limiter";

export const DEFAULT_GRAPHQL_RATE_LIMIT: RateLimit = { requests: 300, windowSeconds: 300 };

export function isBudgetDepleted(error: GraphqlMessage): boolean {
  return /budget depleted|rate limit/i.test(error.message);
}

/** The budget-depleted error of a GraphQL body (it has `data`, a v4 envelope has `success`); undefined for anything else. */
export function budgetDepletedIn(body: string): GraphqlMessage | undefined {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (typeof json !== "object" || json === null || !("data" in json) || "success" in json) return undefined;
  const errors = (json as { errors?: unknown }).errors;
  if (!Array.isArray(errors)) return undefined;
  const messages = errors.flatMap((e: unknown) =>
    typeof e === "object" && e !== null && typeof (e as { message?: unknown }).message === "string"
      ? [{ message: (e as { message: string }).message }]
      : [],
  );
  return messages.find(isBudgetDepleted);
}

/** How long to wait: the message's "after N seconds|minutes", else a whole window of the limit. */
export function budgetDepletedWaitMs(error: GraphqlMessage, limit: RateLimit): number {
  const match = /after (\d+) ?(second|minute|s\b|min)/i.exec(error.message);
  if (!match) return limit.windowSeconds * 1000;
  const n = Number(match[1]);
  return (match[2]!.toLowerCase().startsWith("m") ? n * 60 : n) * 1000;
}
