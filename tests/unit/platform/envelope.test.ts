import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseEnvelope } from "@/lib/platform/envelope";
import { PlatformError } from "@/lib/errors/platform-errors";

const zones = z.array(z.object({ id: z.string(), name: z.string() }));
const ok = (result: unknown, extra: object = {}) => JSON.stringify({ result, success: true, errors: [], messages: [], ...extra });

function failure(fn: () => unknown): PlatformError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(PlatformError);
    return error as PlatformError;
  }
  throw new Error("expected a PlatformError");
}

describe("parseEnvelope", () => {
  it("returns the validated result and result_info of a success", () => {
    const body = ok([{ id: "a", name: "a.com" }], {
      result_info: { page: 1, per_page: 20, count: 1, total_count: 1, total_pages: 1 },
    });
    const parsed = parseEnvelope("GET /zones", 200, body, zones);
    expect(parsed.result).toEqual([{ id: "a", name: "a.com" }]);
    expect(parsed.resultInfo).toEqual({ page: 1, per_page: 20, count: 1, total_count: 1, total_pages: 1 });
  });

  it("turns success:false into an api error with the upstream code, message and status", () => {
    const body = JSON.stringify({
      result: null,
      success: false,
      errors: [{ code: 10000, message: "Authentication error" }],
      messages: [],
    });
    const error = failure(() => parseEnvelope("GET /zones", 403, body, zones));
    expect(error.kind).toBe("api");
    expect(error.status).toBe(403);
    expect(error.code).toBe(10000);
    expect(error.errors).toEqual([{ code: 10000, message: "Authentication error" }]);
    expect(error.message).toBe("GET /zones failed (HTTP 403, code 10000: Authentication error)");
  });

  it("reads the rulesets API's messages: no code, the platform's message and source.pointer (rulesets_Message)", () => {
    const body = JSON.stringify({
      result: null,
      success: false,
      errors: [
        { message: "expression is longer than 4096 bytes", source: { pointer: "/rules/3/expression" } },
        { message: "too many rules", source: { pointer: "/rules" }, documentation_url: "https://example.test/doc" },
      ],
      messages: [],
    });
    const error = failure(() =>
      parseEnvelope("PUT /zones/:id/rulesets/phases/http_request_firewall_managed/entrypoint", 400, body, z.unknown()),
    );
    expect(error.kind).toBe("api");
    expect(error.code).toBeUndefined();
    expect(error.message).toBe(
      "PUT /zones/:id/rulesets/phases/http_request_firewall_managed/entrypoint failed " +
        "(HTTP 400, expression is longer than 4096 bytes (at /rules/3/expression)) (and 1 more)",
    );
    expect(error.message).not.toMatch(/without the v4 envelope/);
    expect(error.errors[1]).toEqual({
      message: "too many rules",
      source: { pointer: "/rules" },
      documentation_url: "https://example.test/doc",
    });
  });

  it("keeps a code and a pointer together, and an entry with neither message nor code is still an api error", () => {
    const withCode = JSON.stringify({
      result: null,
      success: false,
      errors: [{ code: 20021, message: "bad action", source: { pointer: "/rules/0/action" } }],
      messages: [],
    });
    expect(failure(() => parseEnvelope("PUT x", 400, withCode, z.unknown())).message).toBe(
      "PUT x failed (HTTP 400, code 20021: bad action (at /rules/0/action))",
    );
    const bare = JSON.stringify({ result: null, success: false, errors: [{}], messages: [] });
    expect(failure(() => parseEnvelope("PUT x", 400, bare, z.unknown()))).toMatchObject({
      kind: "api",
      message: "PUT x failed (HTTP 400, no message)",
    });
  });

  it("treats an error status as a failure even when the body claims success", () => {
    const error = failure(() => parseEnvelope("GET /zones", 500, ok([]), zones));
    expect(error).toMatchObject({ kind: "api", status: 500 });
  });

  it.each([
    ["a truncated body", '{"result":[{"id":"a"', /not JSON/],
    ["an HTML error page", "<html><body>502 Bad Gateway</body></html>", /not JSON/],
    ["an empty body", "", /not JSON/],
    ["JSON without the envelope", '{"hello":"world"}', /without the v4 envelope \(success/],
    ["errors of the wrong shape", '{"success":false,"errors":"boom","result":null}', /without the v4 envelope \(errors/],
    ["a result of the wrong shape", ok([{ id: 1 }]), /unexpected shape \(0\.id/],
  ])("makes %s a typed malformed error, never a crash", (_, body, message) => {
    const error = failure(() => parseEnvelope("GET /zones", 200, body, zones));
    expect(error.kind).toBe("malformed");
    expect(error.message).toMatch(message);
  });
});
