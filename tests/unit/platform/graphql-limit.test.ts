// Telling GraphQL analytics' "budget depleted" refusal apart from other GraphQL errors, and how long it asks to wait.
import { describe, expect, it } from "vitest";
import { budgetDepletedIn, budgetDepletedWaitMs, DEFAULT_GRAPHQL_RATE_LIMIT, isBudgetDepleted } from "@/lib/platform/graphql-limit";

describe("GraphQL analytics rate limit", () => {
  it("is recognised by the platform's message (GraphQL errors carry no code), not by any error", () => {
    expect(isBudgetDepleted({ message: "rate limiter budget depleted, try again after 5 minutes" })).toBe(true);
    expect(isBudgetDepleted({ message: "rate limiter budget depleted, please try again after 5 minutes" })).toBe(true);
    expect(isBudgetDepleted({ message: "zone 'x' does not exist or you do not have access to it" })).toBe(false);
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

  it("finds the refusal in a GraphQL body (the documented 429's), never in the account's v4 envelope", () => {
    const graphql = (message: string) =>
      JSON.stringify({ data: null, errors: [{ message, path: ["viewer"], extensions: { timestamp: "2026-11-23T16:00:00Z" } }] });
    expect(budgetDepletedIn(graphql("rate limiter budget depleted, try again after 5 minutes"))).toEqual({
      message: "rate limiter budget depleted, try again after 5 minutes",
    });
    expect(budgetDepletedIn(graphql("cannot request data older than 2678400s"))).toBeUndefined();
    const v4 = { success: false, errors: [{ code: 971, message: "Please wait and consider throttling your request speed" }], result: null };
    expect(budgetDepletedIn(JSON.stringify(v4))).toBeUndefined();
    expect(budgetDepletedIn(JSON.stringify({ ...v4, errors: [{ code: 10000, message: "rate limit exceeded" }] }))).toBeUndefined();
    expect(budgetDepletedIn("<html>429 Too Many Requests</html>")).toBeUndefined();
  });
});
