// The browser client keeps what an error answer says (kind, field, details, Retry-After), and the pages'
// error line turns it into what to do next.
import { afterEach, describe, expect, it, vi } from "vitest";
import { errorHint } from "@/lib/client/error-hint";
import { fetchJson, OperationError } from "@/lib/client/fetch-json";

afterEach(() => vi.unstubAllGlobals());

function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => Response.json(body, { status, headers })),
  );
}

async function failure(): Promise<OperationError> {
  try {
    await fetchJson("/api/reviews/x/execute", { method: "POST" });
  } catch (error) {
    if (error instanceof OperationError) return error;
  }
  throw new Error("fetchJson did not fail");
}

describe("fetchJson's errors", () => {
  it("keep the kind and details of a 409", async () => {
    const details = [{ path: "rules[0].action", before: "block", after: "log" }];
    answer(409, { error: { kind: "drift", message: "The entry point changed", details } });
    const error = await failure();
    expect(error).toMatchObject({ status: 409, kind: "drift", details, message: "The entry point changed" });
    expect(errorHint(error)).toBe("The account changed in 1 place since approval: create a new review from the current state.");
  });

  it("keep the field of a 400 and Retry-After of a 503", async () => {
    answer(400, { error: { kind: "invalid_input", message: "confirm is wrong", field: "confirm" } });
    expect(errorHint(await failure())).toBe("Check confirm.");
    answer(503, { error: { kind: "deferred", message: "later" } }, { "Retry-After": "12" });
    const deferred = await failure();
    expect(deferred).toMatchObject({ kind: "deferred", retryAfterSeconds: 12 });
    expect(errorHint(deferred)).toBe("Try again in 12 s.");
  });

  it("say nothing more of an answer that is not Preflight's error body", async () => {
    answer(502, "Bad gateway");
    const error = await failure();
    expect(error).toMatchObject({ status: 502, kind: undefined, message: "Preflight answered HTTP 502" });
    expect(errorHint(error)).toBeUndefined();
  });
});
