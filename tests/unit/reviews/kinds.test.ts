// The kinds registry: every review kind is planned, checked after a restart and turned into a baseline by
// its own handler, and the table leaves no kind out.
import { describe, expect, it } from "vitest";
import { BASELINE_KINDS } from "@/lib/drift/baseline";
import type { PlatformClient } from "@/lib/platform/client";
import { callEffect } from "@/lib/reviews/call-effect";
import { REVIEW_KIND_HANDLERS } from "@/lib/reviews/kinds";
import { REVIEW_KINDS } from "@/lib/reviews/schema";

const ZONE = "0123456789abcdef0123456789abcdef";
/** The restart check must match a call by its path alone: a platform that is asked anything fails the test. */
const noPlatform = new Proxy({}, { get: () => () => Promise.reject(new Error("the platform was read")) }) as unknown as PlatformClient;

describe("review kinds registry", () => {
  it("has a handler for every kind, and nothing else", () => {
    expect(Object.keys(REVIEW_KIND_HANDLERS).sort()).toEqual([...REVIEW_KINDS].sort());
  });

  it("lets every kind whose execution sets a baseline say what it approved", () => {
    for (const kind of BASELINE_KINDS) expect(REVIEW_KIND_HANDLERS[kind].approved, kind).toBeTypeOf("function");
  });

  it("claims each call the kinds plan in one handler only", () => {
    const handlers = [...new Set(Object.values(REVIEW_KIND_HANDLERS))];
    const calls = [
      { method: "PUT" as const, path: `/zones/${ZONE}/rulesets/phases/http_request_firewall_managed/entrypoint` },
      { method: "DELETE" as const, path: `/zones/${ZONE}/firewall/waf/overrides/${ZONE}` },
      { method: "PATCH" as const, path: `/zones/${ZONE}/custom_hostnames/0b7d4bd0-7e1f-4a30-9f5e-5d1b8f0c7a11` },
      { method: "PATCH" as const, path: `/user/invites/${ZONE}` },
    ];
    for (const call of calls) {
      const claimed = handlers.map((h) => h.effect(noPlatform, { title: "", query: {}, body: {}, ...call })).filter(Boolean);
      for (const effect of claimed) effect!.catch(() => undefined);
      expect(claimed, `${call.method} ${call.path}`).toHaveLength(1);
    }
  });

  it("never resends a call no kind plans, and reads nothing for a GET", async () => {
    const call = { title: "", method: "POST" as const, path: `/zones/${ZONE}/purge_cache`, query: {} };
    await expect(callEffect(noPlatform, call)).rejects.toThrow("no read tells whether POST");
    await expect(callEffect(noPlatform, { ...call, method: "GET" })).resolves.toBe("not_applied");
  });
});
