// Every failure is answered from the error itself: its status, a body that always has a `kind`, and for
// anything Preflight did not expect a 500 `internal` that says nothing of the error (nor of a secret).
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConflictError } from "@/lib/errors/conflict-error";
import { GatewayError } from "@/lib/errors/gateway-errors";
import { ForbiddenError, UnauthenticatedError } from "@/lib/errors/identity-errors";
import { InputError, InvalidCursorError, InvalidIdentifierError } from "@/lib/errors/input-error";
import { ConfigError, CorruptObjectError, UndeclaredUpstreamError } from "@/lib/errors/internal-errors";
import { NotFoundError } from "@/lib/errors/not-found-error";
import { PayloadTooLargeError } from "@/lib/errors/payload-too-large-error";
import { BudgetExhaustedError, PlatformError, RateLimitDeferredError } from "@/lib/errors/platform-errors";
import { errorResponse } from "@/lib/http/error-response";
import { importConfigured } from "@/tests/unit/configured-import";

const TOKEN = "error-response-test-token-1234";
const NO_ZONE = { code: 1001, message: "no such zone" };
afterEach(() => vi.restoreAllMocks());

async function answer(error: unknown) {
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  const response = errorResponse(error);
  const body = (await response.json()) as { error: Record<string, unknown> };
  return { status: response.status, retryAfter: response.headers.get("Retry-After"), error: body.error };
}

describe("errorResponse", () => {
  it.each([
    [new InputError("zoneId", "zoneId must be 32 hex characters"), 400, "invalid_input", { field: "zoneId" }],
    [new InvalidIdentifierError("hostnameIds[1]", "a UUID"), 400, "invalid_input", { field: "hostnameIds[1]" }],
    [new InvalidCursorError(), 400, "invalid_input", { field: "cursor" }],
    [new UnauthenticatedError("who?"), 401, "unauthenticated", {}],
    [new ForbiddenError("not yours"), 403, "forbidden", {}],
    [new NotFoundError("no such review"), 404, "not_found", {}],
    [new ConflictError("someone else won"), 409, "conflict", {}],
    [new ConflictError("changed", "drift", [{ path: "version" }]), 409, "drift", { details: [{ path: "version" }] }],
    [new ConflictError("retired", "previous_api_retired"), 409, "previous_api_retired", {}],
    [new PayloadTooLargeError(10), 413, "too_large", { field: "body" }],
    [new UndeclaredUpstreamError("GET /user/tokens"), 500, "undeclared_upstream", {}],
    [
      new ConfigError("ETH_GATEWAY_URL", "is not set"),
      500,
      "config",
      { message: "Preflight is misconfigured: ETH_GATEWAY_URL is not set" },
    ],
    [new PlatformError({ kind: "malformed", operation: "GET /zones", message: "bad body" }), 502, "malformed", {}],
    [
      new PlatformError({ kind: "api", operation: "GET /zones/x", message: "gone", status: 404, errors: [NO_ZONE] }),
      404,
      "api",
      { code: 1001 },
    ],
    [new PlatformError({ kind: "timeout", operation: "GET /zones", message: "slow" }), 504, "timeout", {}],
    [new GatewayError("jsonrpc", "trace_filter", "too many blocks", -32602, 200), 502, "gateway_jsonrpc", { code: -32602 }],
  ])("%s → %i %s", async (error, status, kind, extra) => {
    const answered = await answer(error);
    expect(answered.status).toBe(status);
    expect(answered.error).toMatchObject({ kind, message: expect.any(String), ...extra });
  });

  it("sends Retry-After for the rate limit and for work deferred to the next request", async () => {
    const limited = await answer(
      new PlatformError({ kind: "rate_limited", operation: "GET /zones", message: "429", retryAfterSeconds: 120 }),
    );
    expect([limited.status, limited.retryAfter, limited.error.kind]).toEqual([503, "120", "rate_limited"]);
    const deferred = await answer(new RateLimitDeferredError(2_500));
    expect([deferred.status, deferred.retryAfter, deferred.error.kind]).toEqual([503, "3", "deferred"]);
    expect((await answer(new BudgetExhaustedError(50))).retryAfter).toBe("1");
  });

  it("tells to check the credentials when the platform refuses them, even on a 404", async () => {
    const errors = [{ code: 10000, message: "Authentication error" }];
    const refused = await answer(new PlatformError({ kind: "api", operation: "GET /zones", message: "denied", status: 404, errors }));
    expect(refused.status).toBe(502);
    expect(refused.error.message).toMatch(/Check the API token/);
  });

  it("answers anything unexpected as a 500 `internal` that echoes nothing", async () => {
    for (const error of [
      new Error(`upstream said ${TOKEN}`),
      new CorruptObjectError("reviews/x.json", "not JSON"),
      "a string",
      undefined,
    ]) {
      const answered = await answer(error);
      expect(answered).toMatchObject({ status: 500, error: { kind: "internal" } });
      expect(JSON.stringify(answered.error)).not.toMatch(/upstream said|reviews\/x|a string/);
    }
  });

  it("scrubs configured secrets from the messages it does show", async () => {
    const fresh = await importConfigured({ CLOUDFLARE_API_TOKEN: TOKEN }, async () => ({
      ...(await import("@/lib/http/error-response")),
      ...(await import("@/lib/errors/input-error")),
    }));
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const response = fresh.errorResponse(new fresh.InputError("zoneId", `zoneId ${TOKEN} is not an id`));
    const body = (await response.json()) as { error: { message: string } };
    expect(body.error.message).toBe("zoneId [redacted] is not an id");
  });
});
