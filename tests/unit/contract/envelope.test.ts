// The v4 envelope as the real schemas write it: 2024 per-product (no total_pages), 2026 common (messages with
// documentation_url and source.pointer), and the rulesets API's messages without `code`.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseEnvelope } from "@/lib/platform/envelope";
import { PlatformError } from "@/lib/errors/platform-errors";
import { loadReference, resolveRef } from "@/tests/contract/contract";
import { exampleOf } from "@/tests/contract/example";

const reference = loadReference();
const common = reference.common_components_2026 as object;

describe("the envelope Preflight reads", () => {
  it("accepts a 2024 list answer whose result_info has no total_pages", () => {
    const body = { success: true, errors: [], messages: [], result: [], result_info: { page: 1, per_page: 20, count: 0, total_count: 0 } };
    expect(parseEnvelope("GET /x", 200, JSON.stringify(body), z.array(z.unknown())).resultInfo).toEqual(body.result_info);
  });

  it("accepts the 2026 common success and failure shapes (messages with documentation_url and source.pointer)", () => {
    const success = exampleOf(common, resolveRef(common, "#/components/schemas/api-response-common")) as Record<string, unknown>;
    const message = { code: 1000, message: "note", documentation_url: "https://example.com/docs", source: { pointer: "/rules/0" } };
    const body = {
      ...success,
      success: true,
      errors: [],
      messages: [message],
      result: { id: "x" },
      result_info: { page: 1, per_page: 20, count: 1, total_count: 1, total_pages: 1 },
    };
    expect(parseEnvelope("GET /x", 200, JSON.stringify(body), z.object({ id: z.string() })).result.id).toBe("x");
    const failure = { success: false, errors: [message], messages: [], result: null };
    expect(() => parseEnvelope("GET /x", 400, JSON.stringify(failure), z.unknown())).toThrow(/code 1000: note/);
  });

  // rulesets_Message has `code` optional and names the field in source.pointer.
  it("reads a rulesets error without code as the platform's own message and pointer", () => {
    const refused = { success: false, errors: [{ message: "too many rules", source: { pointer: "/rules" } }], messages: [], result: null };
    try {
      parseEnvelope("PUT /zones/x/rulesets/phases/http_request_firewall_managed/entrypoint", 400, JSON.stringify(refused), z.unknown());
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(PlatformError);
      expect((error as PlatformError).kind).toBe("api");
      expect((error as Error).message).toMatch(/too many rules/);
    }
  });
});
