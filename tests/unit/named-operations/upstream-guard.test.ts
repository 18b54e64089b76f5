// The guard behind named operations: patterns match whole paths with 32-hex identifiers only, and a
// client refuses an undeclared call before anything is sent.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { UndeclaredUpstreamError } from "@/lib/errors/internal-errors";
import { upstreamGuard } from "@/lib/http/upstream-calls";
import { PlatformClient } from "@/lib/platform/client";
import { RateLimiter } from "@/lib/platform/rate-limiter";
import { Scheduler } from "@/lib/platform/scheduler";

const id = "0123456789abcdef0123456789abcdef";

describe("upstreamGuard", () => {
  const allows = upstreamGuard(["GET /zones", "GET /zones/:id/waf_migration/status", "RPC trace_filter"]);
  it("matches the declared method and whole path", () => {
    expect(allows("GET", "/zones")).toBe(true);
    expect(allows("GET", `/zones/${id}/waf_migration/status`)).toBe(true);
    expect(allows("RPC", "trace_filter")).toBe(true);
  });
  it("refuses another method, a longer or traversing path, and a non-identifier segment", () => {
    expect(allows("DELETE", "/zones")).toBe(false);
    expect(allows("GET", "/zones/")).toBe(false);
    expect(allows("GET", `/zones/${id}/waf_migration/status/../../../user/tokens`)).toBe(false);
    expect(allows("GET", "/zones/../user/waf_migration/status")).toBe(false);
    expect(allows("GET", `/zones/${id.toUpperCase()}/waf_migration/status`)).toBe(false);
    expect(allows("RPC", "eth_sendRawTransaction")).toBe(false);
  });
  it("makes the platform client refuse an undeclared call without sending it", async () => {
    let sent = 0;
    const scheduler = new Scheduler({
      limiter: new RateLimiter({ requests: 100, windowSeconds: 1 }),
      subrequestBudget: 10,
      timeoutMs: 1000,
      fetch: async () => {
        sent++;
        return Response.json({ success: true, errors: [], messages: [], result: [] });
      },
    });
    const client = new PlatformClient("http://127.0.0.1:1/client/v4", { kind: "token", token: "t" }, scheduler, undefined, allows);
    await expect(client.get("/zones", {}, z.array(z.unknown()))).resolves.toBeDefined();
    await expect(client.get("/user/tokens", {}, z.unknown())).rejects.toThrow(UndeclaredUpstreamError);
    await expect(client.send("DELETE", "/zones", {}, undefined, z.unknown())).rejects.toThrow(UndeclaredUpstreamError);
    expect(sent).toBe(1);
  });
});
