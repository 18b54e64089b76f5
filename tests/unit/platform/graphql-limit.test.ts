// Telling GraphQL analytics' "budget depleted" refusal apart from other GraphQL errors, and how long it asks to wait.
import { describe, expect, it } from "vitest";
import { budgetDepletedWaitMs, DEFAULT_GRAPHQL_RATE_LIMIT, isBudgetDepleted } from "@/lib/platform/graphql-limit";

describe("GraphQL analytics rate limit", () => {
  it("is recognised by its code or by the platform's message, not by any error", () => {
    expect(isBudgetDepleted({ message: "anything", code: "budget_depleted" })).toBe(true);
    expect(isBudgetDepleted({ message: "rate limiter budget depleted, please try again after 5 minutes" })).toBe(true);
    expect(isBudgetDepleted({ message: "zone 'x' does not exist or you do not have access to it", code: "authz" })).toBe(false);
    expect(isBudgetDepleted({ message: "cannot request data older than 2678400s" })).toBe(false);
  });

  it("waits what the message says, else a whole window of the limit", () => {
    expect(
      budgetDepletedWaitMs({ message: "rate limiter budget depleted, please try again after 5 minutes" }, DEFAULT_GRAPHQL_RATE_LIMIT),
    ).toBe(300_000);
    expect(
      budgetDepletedWaitMs({ message: "rate limiter budget depleted, please try again after 12 seconds" }, DEFAULT_GRAPHQL_RATE_LIMIT),
    ).toBe(12_000);
    expect(
      budgetDepletedWaitMs({ message: "rate limiter budget depleted, please try again later" }, { requests: 10, windowSeconds: 60 }),
    ).toBe(60_000);
  });
});
