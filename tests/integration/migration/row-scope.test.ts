// The account scan reads only what its rows can show (scan-zone.ts `row`): every answer combination gives the
// row an `all` read gives, the parts it left out are exactly the calls whose answer the row cannot show, and the
// zone detail, completed on demand, equals the detail of an `all` read. Then the same on the whole seeded sandbox.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationPhase, type ZoneEvidence } from "@/lib/migration/evidence";
import { scanAccount } from "@/lib/migration/scan-account";
import { scanCache } from "@/lib/migration/scan-cache";
import { readDeferredParts } from "@/lib/migration/scan-zone";
import { readZone } from "@/lib/migration/read-zone";
import { zoneMigrationDetail } from "@/lib/migration/zone-detail";
import { migrationDetail, migrationRow, type MigrationRow, type ZoneScan } from "@/lib/migration/zone-assessment";
import { PlatformClient } from "@/lib/platform/client";
import { RateLimiter } from "@/lib/platform/rate-limiter";
import { Scheduler, type UpstreamRequest } from "@/lib/platform/scheduler";
import type { ZoneRow } from "@/lib/platform/zones";
import { startSandbox, type RunningSandbox } from "@/lib/dev/sandbox/server";

const ZONE = "0123456789abcdef0123456789abcdef";
const OWASP = "c504870194831cd12c3fc0284f294abb";
const GROUP = "fedcba9876543210fedcba9876543210";
type Answer = { status: number; body: unknown };
const ok = (result: unknown, info?: object): Answer => ({
  status: 200,
  body: { success: true, errors: [], messages: [], result, ...(info ? { result_info: info } : {}) },
});
const list = (items: unknown[]) => ok(items, { page: 1, per_page: 100, count: items.length, total_count: items.length });
const refused = (status: number): Answer => ({
  status,
  body: { success: false, errors: [{ code: 1020, message: "gone" }], messages: [], result: null },
});

const STATUS = {
  previous: ok({ old_waf_status: "enabled", new_waf_status: "disabled", migration_state: "start" }),
  validation: ok({ old_waf_status: "enabled", new_waf_status: "enabled", migration_state: "validation" }),
  unknown: ok({ old_waf_status: "on", new_waf_status: "off" }),
  migrated: ok({ old_waf_status: "disabled", new_waf_status: "enabled", migration_state: "completed" }),
};
const OVERRIDES = {
  none: list([]),
  one: list([{ id: "a".repeat(32), description: "admin", urls: ["shop.example/admin"], paused: false }]),
  gone: refused(410),
};
const PACKAGES = {
  owasp: list([{ id: OWASP, name: "OWASP", detection_mode: "anomaly", sensitivity: "high", action_mode: "block" }]),
  other: list([{ id: "b".repeat(32), name: "Cloudflare", detection_mode: "traditional" }]),
  gone: refused(410),
};
const GROUPS = {
  modified: list([{ id: GROUP, name: "SQL injection", mode: "off", rules_count: 3, modified_rules_count: 1 }]),
  noRoute: refused(404),
};
const COMMON: Record<string, Answer> = {
  "waf_migration/check": ok({ compatible: false, migration_state: "start" }),
  "waf_migration/config": ok({
    name: "default",
    rules: [{ action: "execute", expression: "true", action_parameters: { id: "4814384a9e5d4991b9815dcfc25d2f1f" } }],
  }),
  [`firewall/waf/packages/${OWASP}/rules`]: list([
    { id: "950001", description: "SQL", mode: "off", group: { id: GROUP, name: "SQL injection" } },
  ]),
  "rulesets/phases/http_request_firewall_managed/entrypoint": refused(404),
};

/** A platform answering from a table by path (after /zones/{id}/); every request is recorded. */
function platformWith(answers: Record<string, Answer>) {
  const requests: string[] = [];
  const scheduler = {
    remainingBudget: 1000,
    async send(request: UpstreamRequest) {
      const url = new URL(request.url);
      const key = url.pathname.replace(`/client/v4/zones/${ZONE}/`, "");
      requests.push(key);
      const answer = answers[key] ?? refused(500);
      return { status: answer.status, headers: new Headers(), body: JSON.stringify(answer.body) };
    },
  };
  return {
    platform: new PlatformClient("https://api.test/client/v4", { kind: "token", token: "t".repeat(40) }, scheduler as unknown as Scheduler),
    requests,
  };
}

const zone: ZoneRow = {
  id: ZONE,
  name: "shop.example",
  plan: "enterprise",
  planName: "Enterprise Website",
  status: "active",
  paused: false,
  type: "full",
  accountId: "c".repeat(32),
  accountName: "Acme",
  account: { id: "", name: "Acme" },
  createdOn: null,
  activatedOn: null,
};
const timeless = ({ fetchedAt: _, ...rest }: MigrationRow | ReturnType<typeof migrationDetail>) => rest;
const combinations = Object.keys(STATUS).flatMap((status) =>
  Object.keys(OVERRIDES).flatMap((overrides) =>
    Object.keys(PACKAGES).flatMap((packages) => Object.keys(GROUPS).map((groups) => ({ status, overrides, packages, groups }))),
  ),
) as Array<{
  status: keyof typeof STATUS;
  overrides: keyof typeof OVERRIDES;
  packages: keyof typeof PACKAGES;
  groups: keyof typeof GROUPS;
}>;

describe("a read for the account's rows", () => {
  it.each(combinations)(
    "status $status, overrides $overrides, packages $packages, groups $groups: the same row and detail, only unshowable calls skipped",
    async (c) => {
      const answers = {
        ...COMMON,
        "waf_migration/status": STATUS[c.status],
        "firewall/waf/overrides": OVERRIDES[c.overrides],
        "firewall/waf/packages": PACKAGES[c.packages],
        [`firewall/waf/packages/${OWASP}/groups`]: GROUPS[c.groups],
      };
      const rowRead = platformWith(answers);
      const allRead = platformWith(answers);
      const scan = await readZone(rowRead.platform, zone);
      const reference = await readZone(allRead.platform, zone, "all");
      expect(scan.error).toBeUndefined();
      expect(timeless(migrationRow(scan))).toEqual(timeless(migrationRow(reference)));

      const evidence = await readDeferredParts(rowRead.platform, ZONE, { evidence: scan.evidence!, deferred: scan.deferred ?? [] });
      // Key for key and in the same order: the evidence is frozen as JSON and compared.
      expect(JSON.stringify(evidence)).toBe(JSON.stringify(reference.evidence));
      expect(timeless(migrationDetail({ ...scan, evidence, deferred: undefined }))).toEqual(timeless(migrationDetail(reference)));

      // What may be skipped, from the answers alone: the check behind a URI-based override (unless a refusal makes a
      // retired row say "compatible"), the proposed configuration once in validation mode, everything after "migrated".
      const phase = migrationPhase((reference.evidence as ZoneEvidence).status);
      const refusal = reference.evidence!.previousApi !== undefined;
      const checkSkippable = (phase === "previous" || phase === "unknown") && c.overrides === "one" && !(phase === "previous" && refusal);
      const skippable = [...(checkSkippable ? ["waf_migration/check"] : []), ...(phase === "validation" ? ["waf_migration/config"] : [])];
      const made = rowRead.requests.slice(0, rowRead.requests.length - (scan.deferred?.length ?? 0));
      expect([...made].sort()).toEqual(allRead.requests.filter((r) => !skippable.includes(r)).sort());
      expect([...(scan.deferred ?? [])].sort()).toEqual(skippable.map((r) => r.replace("waf_migration/", "")).sort());
    },
  );
});

describe("the account scan on the seeded sandbox", () => {
  const token = "row-scope-token-0123456789abcdef";
  let sandbox: RunningSandbox;
  const platform = () =>
    new PlatformClient(
      sandbox.apiBaseUrl,
      { kind: "token", token },
      new Scheduler({ limiter: new RateLimiter({ requests: 1e6, windowSeconds: 60 }), subrequestBudget: 1000, timeoutMs: 10_000 }),
    );
  beforeAll(async () => {
    sandbox = await startSandbox({ apiToken: token, rateLimit: null, zoneCount: 80 });
  });
  afterAll(() => sandbox.close());

  it("shows every zone's row and detail exactly as reading everything does, with fewer calls", async () => {
    scanCache.clear();
    const rows: MigrationRow[] = [];
    let cursor: string | undefined;
    do {
      const answer = await scanAccount(platform(), { cursor, refresh: cursor === undefined });
      rows.push(...answer.zones);
      cursor = answer.cursor;
    } while (cursor);
    const leftOut = rows.reduce((n, row) => n + (scanCache.get(row.id)?.deferred?.length ?? 0), 0);
    // Both cases are seeded: zones with URI-based overrides (the check left out) and zones in validation mode (the configuration).
    const parts = rows.flatMap((row) => scanCache.get(row.id)?.deferred ?? []);
    expect(new Set(parts)).toEqual(new Set(["check", "config"]));

    // The details first: each zone read for its row alone costs exactly its left-out parts, the others nothing
    // (besides the live entry point, which every view reads for what the migration changes).
    const before = sandbox.calls().length;
    const details = [];
    for (const row of rows) details.push(await zoneMigrationDetail(platform(), row.id, false));
    const scanCalls = sandbox
      .calls()
      .slice(before)
      .filter((call) => !call.path.endsWith("/rulesets/phases/http_request_firewall_managed/entrypoint"));
    expect(scanCalls.length).toBe(leftOut);
    for (const [i, row] of rows.entries()) {
      const reference: ZoneScan = await readZone(platform(), scanCache.listedZone(row.id)!, "all");
      expect(timeless(row), row.name).toEqual(timeless(migrationRow(reference)));
      const { migrationChanges: _changes, ...detail } = details[i]!;
      expect(timeless(detail), row.name).toEqual(timeless(migrationDetail(reference)));
    }
    for (const row of rows) expect(scanCache.get(row.id)?.deferred).toBeUndefined();
  });
});
