// Every error class answers a kind of the ErrorKind table with the table's status: the table is the truth docs/api.md shows.
import { describe, expect, it } from "vitest";
import { ConflictError } from "@/lib/errors/conflict-error";
import { kindStatuses } from "@/lib/errors/error-kinds";
import { GatewayError } from "@/lib/errors/gateway-errors";
import { ForbiddenError, UnauthenticatedError } from "@/lib/errors/identity-errors";
import { InputError, InvalidCursorError } from "@/lib/errors/input-error";
import { ConfigError, UndeclaredUpstreamError } from "@/lib/errors/internal-errors";
import { NotFoundError } from "@/lib/errors/not-found-error";
import { PayloadTooLargeError } from "@/lib/errors/payload-too-large-error";
import { BudgetExhaustedError, PlatformError, RateLimitDeferredError } from "@/lib/errors/platform-errors";
import type { PreflightError } from "@/lib/errors/preflight-error";
import { ZoneReadError } from "@/lib/errors/zone-read-error";

const errors: PreflightError<string>[] = [
  new InputError("x", "bad"),
  new InvalidCursorError(),
  new UnauthenticatedError("who"),
  new ForbiddenError("no"),
  new NotFoundError("none"),
  new PayloadTooLargeError(10),
  new ConflictError("lost"),
  new ConflictError("drifted", "drift", []),
  new ConflictError("plan", "dataset_not_enabled"),
  new ConfigError("X", "is bad"),
  new UndeclaredUpstreamError("GET /x"),
  new ZoneReadError("failed"),
  new BudgetExhaustedError(50),
  new RateLimitDeferredError(2000),
  ...(["api", "malformed", "network", "timeout", "rate_limited"] as const).map(
    (kind) => new PlatformError({ kind, operation: "GET /zones", message: "m" }),
  ),
  new PlatformError({ kind: "api", operation: "GET /zones/x", message: "gone", status: 404 }),
  ...(["method_not_supported", "jsonrpc", "http", "malformed"] as const).map((kind) => new GatewayError(kind, "trace_filter", "m")),
];

describe("the ErrorKind table", () => {
  it.each(errors.map((error) => [error.name, error] as const))("%s answers a kind of the table with its status", (_, error) => {
    const { kind, status } = error.answer();
    expect(kindStatuses(kind)).toContain(status);
  });
});
