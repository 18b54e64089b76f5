// What a person can do about a failed operation, from the error's kind: the server's message says what
// happened; this says what to do next (reload, wait, fix a field). Pure, for the pages' error lines.
import type { OperationError } from "@/lib/client/fetch-json";

export function errorHint(error: Pick<OperationError, "kind" | "field" | "details" | "retryAfterSeconds">): string | undefined {
  const wait = error.retryAfterSeconds === undefined ? "in a moment" : `in ${error.retryAfterSeconds} s`;
  switch (error.kind) {
    case "invalid_input":
      return error.field && error.field !== "body" ? `Check ${error.field}.` : undefined;
    case "concurrent_write":
    case "invalid_state":
      return "Reload the page to see the review as it is now.";
    case "executing":
      return "Another request is executing this review: reload to follow it.";
    case "drift": {
      const count = Array.isArray(error.details) ? error.details.length : undefined;
      const what = count === undefined ? "The account changed" : `The account changed in ${count} place${count === 1 ? "" : "s"}`;
      return `${what} since approval: create a new review from the current state.`;
    }
    case "rate_limited":
    case "deferred":
      return `Try again ${wait}.`;
    case "unauthenticated":
      return "Sign in again.";
    case "forbidden":
      return "Ask someone with the role this step needs.";
    default:
      return undefined;
  }
}
