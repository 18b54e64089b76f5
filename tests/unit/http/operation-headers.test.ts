// Operations set their own security headers (the page middleware skips /api): every answer, error or
// not, is data nothing may run or frame; HSTS and upgrade-insecure-requests only when reached over HTTPS.
import { beforeAll, describe, expect, it } from "vitest";
import { importConfigured } from "@/tests/unit/configured-import";

let operation: typeof import("@/lib/http/operation").operation;

beforeAll(async () => {
  ({ operation } = await importConfigured({ CLOUDFLARE_API_TOKEN: "" }, () => import("@/lib/http/operation")));
});

const ok = () => operation(async () => ({ ok: true }), { role: "public", upstream: [] });
const failing = () =>
  operation(
    async () => {
      throw new Error("boom");
    },
    { role: "public", upstream: [] },
  );

describe("an operation's headers", () => {
  it("forbid loading, running and framing anything, on answers and on errors", async () => {
    for (const handler of [ok(), failing()]) {
      const response = await handler(new Request("http://127.0.0.1/api/health"));
      expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("strict-transport-security")).toBeNull();
    }
  });

  it("add HSTS and upgrade-insecure-requests behind an HTTPS proxy", async () => {
    const response = await ok()(new Request("http://127.0.0.1/api/health", { headers: { "x-forwarded-proto": "https" } }));
    expect(response.headers.get("strict-transport-security")).toContain("max-age=");
    expect(response.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
  });
});
