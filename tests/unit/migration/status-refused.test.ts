// Issue 25 items 5, 6 and 8: a check answer without migration_state, a status call refused as the retired
// APIs are (404, 410, 403), and URI-based overrides without id or urls. Each is read for what it says:
// never a failed zone, never "fine", and nothing is planned on an identifier the platform did not give.
import { describe, expect, it } from "vitest";
import { migrationProcedure } from "@/lib/migration/procedure";
import { readZone } from "@/lib/migration/read-zone";
import { migrationRow } from "@/lib/migration/zone-assessment";
import { PlatformClient } from "@/lib/platform/client";
import type { Scheduler, UpstreamRequest } from "@/lib/platform/scheduler";
import type { ZoneRow } from "@/lib/platform/zones";
import { callEffect } from "@/lib/reviews/call-effect";

const ZONE = "0123456789abcdef0123456789abcdef";
const OVERRIDE = "00112233445566778899aabbccddeeff";
type Answer = { status: number; body: unknown };
const ok = (result: unknown, info?: object): Answer => ({
  status: 200,
  body: { success: true, errors: [], messages: [], result, ...(info ? { result_info: info } : {}) },
});
const refused = (status: number): Answer => ({
  status,
  body: { success: false, errors: [{ code: 1020, message: `refused with ${status}` }], messages: [], result: null },
});
const list = (items: unknown[]) => ok(items, { page: 1, per_page: 100, count: items.length, total_count: items.length });
const LIVE: Record<string, Answer> = {
  "waf_migration/status": ok({ old_waf_status: "enabled", new_waf_status: "disabled", migration_state: "start" }),
  "waf_migration/check": ok({ compatible: true, migration_state: "start" }),
  "waf_migration/config": ok({ name: "default", rules: [] }),
  "firewall/waf/overrides": list([]),
  "firewall/waf/packages": list([]),
  "rulesets/phases/http_request_firewall_managed/entrypoint": refused(404),
};

function platformWith(answers: Record<string, Answer>) {
  const scheduler = {
    remainingBudget: 1000,
    async send(request: UpstreamRequest) {
      const url = new URL(request.url);
      const key = url.pathname.replace(`/client/v4/zones/${ZONE}/`, "");
      if (Number(url.searchParams.get("page") ?? 1) > 1)
        return { status: 200, headers: new Headers(), body: JSON.stringify(list([]).body) };
      const answer = answers[key] ?? refused(500);
      return { status: answer.status, headers: new Headers(), body: JSON.stringify(answer.body) };
    },
  };
  return new PlatformClient("https://api.test/client/v4", { kind: "token", token: "t".repeat(40) }, scheduler as unknown as Scheduler);
}

const zone: ZoneRow = {
  id: ZONE,
  name: "shop.example",
  plan: "business",
  planName: "Business Website",
  status: "active",
  paused: false,
  type: "full",
  accountId: "a".repeat(32),
  accountName: "Acme",
  account: { id: "", name: "Acme" },
  createdOn: null,
  activatedOn: null,
};

describe("waf_migration/check without migration_state (item 5)", () => {
  it("an incompatible answer with compatible alone reads as blocked, with the reason, not as a failed zone", async () => {
    const scan = await readZone(platformWith({ ...LIVE, "waf_migration/check": ok({ compatible: false }) }), zone, "all");
    expect(scan.error).toBeUndefined();
    const row = migrationRow(scan);
    expect(row.verdict).toBe("blocked");
    expect(row.reasons.find((r) => r.code === "not_compatible")?.message).toContain("compatible: false");
  });

  it("a compatible answer without migration_state is eligible; a migration_state of another type is ignored", async () => {
    for (const check of [{ compatible: true }, { compatible: true, migration_state: 3 }]) {
      const row = migrationRow(await readZone(platformWith({ ...LIVE, "waf_migration/check": ok(check) }), zone, "all"));
      expect(row.verdict).toBe("eligible");
    }
  });
});

describe("waf_migration/status refused after the retirement (item 6)", () => {
  it.each([404, 410, 403])(
    "HTTP %i: the zone is not failed; its phase is unknown, said with the answer, never 'previous'",
    async (status) => {
      const scan = await readZone(platformWith({ ...LIVE, "waf_migration/status": refused(status) }), zone);
      expect(scan.error).toBeUndefined();
      expect(scan.evidence?.statusRefusal?.status).toBe(status);
      const row = migrationRow(scan);
      expect(row.verdict).toBe("unknown");
      expect(row.eligible).toBe(false);
      expect(row.unknown).toContain("status");
      expect(row.reasons.find((r) => r.code === "status_unknown")?.message).toContain(`waf_migration/status answered HTTP ${status}`);
      // No write is offered on a phase nobody can read.
      expect(migrationProcedure(ZONE, "business", scan.evidence!).filter((s) => s.status === "next" && s.call.method === "PUT")).toEqual(
        [],
      );
    },
  );

  it("a 5xx or 400 on the status still fails the zone", async () => {
    for (const status of [500, 400]) {
      const scan = await readZone(platformWith({ ...LIVE, "waf_migration/status": refused(status) }), zone);
      expect(migrationRow(scan).verdict).toBe("failed");
    }
  });

  it("an execution's effect check says unknown (not failed, not applied) when the status or the overrides list is refused", async () => {
    const put = {
      title: "Update",
      method: "PUT" as const,
      path: `/zones/${ZONE}/rulesets/phases/http_request_firewall_managed/entrypoint`,
      query: { waf_migration: "pending", phase_two: "1" },
    };
    const del = { title: "Delete", method: "DELETE" as const, path: `/zones/${ZONE}/firewall/waf/overrides/${OVERRIDE}`, query: {} };
    for (const status of [404, 410, 403]) {
      await expect(callEffect(platformWith({ ...LIVE, "waf_migration/status": refused(status) }), put)).resolves.toBe("unknown");
    }
    await expect(callEffect(platformWith({ ...LIVE, "firewall/waf/overrides": refused(410) }), del)).resolves.toBe("unknown");
    await expect(callEffect(platformWith(LIVE), del)).resolves.toBe("applied");
    await expect(callEffect(platformWith({ ...LIVE, "waf_migration/status": refused(500) }), put)).rejects.toThrow();
  });
});

describe("URI-based overrides without id or urls (item 8)", () => {
  it("shows an override without id and never plans its deletion; one without urls is still listed", async () => {
    const overrides = [
      { id: OVERRIDE, urls: ["shop.example/admin/*"] },
      { urls: ["shop.example/api/*"], description: "API" },
      { id: "f".repeat(32) },
    ];
    const scan = await readZone(platformWith({ ...LIVE, "firewall/waf/overrides": list(overrides) }), zone, "all");
    expect(scan.error).toBeUndefined();
    const reason = migrationRow(scan).reasons.find((r) => r.code === "uri_overrides")!;
    expect(reason.message).toContain("3 URI-based overrides");
    expect(reason.message).toContain("shop.example/api/* (API) [no identifier]");
    expect(reason.message).toContain("no URLs given");
    const deletes = migrationProcedure(ZONE, "business", scan.evidence!).filter((s) => s.call.method === "DELETE");
    expect(deletes.map((s) => s.call.path)).toEqual([
      `/zones/${ZONE}/firewall/waf/overrides/${OVERRIDE}`,
      `/zones/${ZONE}/firewall/waf/overrides/${"f".repeat(32)}`,
    ]);
  });
});
