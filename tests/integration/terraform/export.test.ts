// The Terraform export against the sandbox: one zone's file for each configuration it has (and the 409s
// for those it has not), the live entry point after a migration read back equal to what was PUT, and the
// account-wide export split by a small budget without losing, repeating or silently dropping a zone.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ConflictError } from "@/lib/errors/conflict-error";
import { scanAccount } from "@/lib/migration/scan-account";
import { scanCache } from "@/lib/migration/scan-cache";
import { PlatformClient } from "@/lib/platform/client";
import { RateLimiter } from "@/lib/platform/rate-limiter";
import { Scheduler } from "@/lib/platform/scheduler";
import { startSandbox, type RunningSandbox } from "@/lib/dev/sandbox/server";
import { ENTRYPOINT_ID } from "@/lib/dev/sandbox/waf/entrypoint-id";
import { exportAccountPart } from "@/lib/terraform/account-export";
import { accountHeader, accountText, zoneSection } from "@/lib/terraform/account-file";
import { exportZoneFile } from "@/lib/terraform/export-zone-file";
import { parseHcl, platformRule, rulesetResource, writableRule, type Json } from "@/tests/unit/terraform/hcl";

const TOKEN = "terraform-export-token-0001";
let sandbox: RunningSandbox;

function platform(budget = 1000, maxAttempts = 4) {
  const scheduler = new Scheduler({
    limiter: new RateLimiter({ requests: 100_000, windowSeconds: 60 }),
    subrequestBudget: budget,
    timeoutMs: 10_000,
    retry: { maxAttempts, baseDelayMs: 1, maxDelayMs: 5, maxRetryAfterMs: 1_000 },
  });
  return new PlatformClient(sandbox.apiBaseUrl, { kind: "token", token: TOKEN }, scheduler);
}

const zoneWhere = (test: (state: string, zoneId: string) => boolean) =>
  sandbox.state.zones.find((z) => test(sandbox.state.waf[z.id]!.migrationState, z.id))!;
const faults = (body: object) =>
  fetch(`${sandbox.url}/__sandbox/faults`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, apiToken: TOKEN, rateLimit: null, zoneCount: 40, hostileStrings: true });
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  scanCache.clear();
  await fetch(`${sandbox.url}/__sandbox/reset`, { method: "POST" });
});

describe("one zone's export", () => {
  it("proposes the migration's configuration, imported into the entry point validation mode created", async () => {
    const zone = zoneWhere((state) => state === "validation");
    for (const syntax of ["v4", "v5"] as const) {
      const file = await exportZoneFile(platform(), zone.id, { syntax, config: "proposed", refresh: false });
      expect(file.config).toBe("proposed");
      const parsed = await parseHcl(file.text);
      expect((parsed.import as Array<Record<string, string>>)[0]!.id).toBe(
        `${syntax === "v4" ? "zone" : "zones"}/${zone.id}/${ENTRYPOINT_ID}`,
      );
      // The ruleset diff's words: validation mode deployed the same configuration, so nothing changes by meaning.
      expect(file.text).toContain("# What the migration changes, compared with the zone now: entry point version 1 (");
      expect(file.text).toContain("#   - no change");
    }
  });

  it("looks the entry point up for a zone the migration has not reached, and refuses live until there is one", async () => {
    const zone = zoneWhere(
      (state, id) => state === "start" && !sandbox.state.waf[id]!.previousApiRetired && sandbox.state.waf[id]!.compatible,
    );
    const file = await exportZoneFile(platform(), zone.id, { syntax: "v5", config: "auto", refresh: false });
    expect(file.config).toBe("proposed");
    expect(((await parseHcl(file.text)).data as Record<string, Json>).cloudflare_rulesets).toBeDefined();
    expect(file.text).toContain("# What the migration changes, compared with the zone now: no entry point (the PUT creates it):");
    expect(file.text).toMatch(/^# {3}- entry point created with \d+ rules?$/m);
    await expect(exportZoneFile(platform(), zone.id, { syntax: "v5", config: "live", refresh: false })).rejects.toMatchObject({
      kind: "no_entrypoint",
    });
  });

  it("exports the live entry point after the migration, equal to what the migration PUT, and refuses proposed", async () => {
    const zone = zoneWhere(
      (state, id) => state === "start" && sandbox.state.waf[id]!.compatible && sandbox.state.waf[id]!.overrides.length === 0,
    );
    const config = (await (
      await fetch(`${sandbox.apiBaseUrl}/zones/${zone.id}/waf_migration/config?phase_two=1`, {
        headers: { Authorization: `Bearer ${TOKEN}` },
      })
    ).json()) as { result: { rules: Array<Record<string, unknown>> } };
    const put = await fetch(
      `${sandbox.apiBaseUrl}/zones/${zone.id}/rulesets/phases/http_request_firewall_managed/entrypoint?waf_migration=pending&phase_two=1`,
      {
        method: "PUT",
        headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
        body: JSON.stringify(config.result),
      },
    );
    expect(put.status).toBe(200);
    const live = sandbox.state.waf[zone.id]!.entrypoint!;
    // As the platform answers it: each execute rule runs the latest version of its managed ruleset.
    const executes = live.rules.filter((rule) => rule.action === "execute");
    expect(executes.length).toBe(2);
    for (const rule of executes) expect(rule.action_parameters).toMatchObject({ version: "latest" });
    for (const syntax of ["v4", "v5"] as const) {
      const file = await exportZoneFile(platform(), zone.id, { syntax, config: "auto", refresh: true });
      expect(file.config).toBe("live");
      expect(file.fileName).toMatch(/\.live\.(v4|v5)\.tf$/);
      const { body } = rulesetResource(await parseHcl(file.text));
      const rules = (body.rules as Json[]).map((rule) => platformRule(rule as Record<string, Json>, syntax));
      // The platform's refs (the rule ids) are kept; everything else is the rule as it runs.
      expect(rules).toEqual(live.rules.map((rule) => ({ ...writableRule(rule as unknown as Record<string, unknown>), ref: rule.ref })));
    }
    const refusal = await exportZoneFile(platform(), zone.id, { syntax: "v4", config: "proposed", refresh: false }).catch(
      (e: unknown) => e,
    );
    expect(refusal).toBeInstanceOf(ConflictError);
    expect(refusal).toMatchObject({ kind: "already_migrated" });
  });

  it("exports a zone the platform migrated before Preflight saw it, in both syntaxes, as it runs", async () => {
    const zone = zoneWhere((state) => state === "completed");
    const answer = (await (
      await fetch(`${sandbox.apiBaseUrl}/zones/${zone.id}/rulesets/phases/http_request_firewall_managed/entrypoint`, {
        headers: { Authorization: `Bearer ${TOKEN}` },
      })
    ).json()) as { result: { id: string; rules: Array<Record<string, unknown>> } };
    const executes = answer.result.rules.filter((rule) => rule.action === "execute");
    expect(executes.map((rule) => (rule.action_parameters as Record<string, unknown>).version)).toEqual(["latest", "latest"]);
    for (const syntax of ["v4", "v5"] as const) {
      const file = await exportZoneFile(platform(), zone.id, { syntax, config: "auto", refresh: false });
      expect(file.config).toBe("live");
      const parsed = await parseHcl(file.text);
      expect((parsed.import as Array<Record<string, string>>)[0]!.id).toBe(
        `${syntax === "v4" ? "zone" : "zones"}/${zone.id}/${answer.result.id}`,
      );
      const rules = (rulesetResource(parsed).body.rules as Json[]).map((rule) => platformRule(rule as Record<string, Json>, syntax));
      expect(rules).toEqual(answer.result.rules.map((rule) => ({ ...writableRule(rule), ref: rule.ref as string })));
      expect(file.text).not.toMatch(/^\s*version\s*=/m);
    }
  });
});

describe("the account-wide export", () => {
  async function exportAll(budget: number, maxAttempts = 4) {
    const parts = [];
    let cursor: string | undefined;
    do {
      const part = await exportAccountPart(platform(budget, maxAttempts), { cursor, syntax: "v4", config: "auto" });
      parts.push(part);
      cursor = part.cursor;
    } while (cursor && parts.length < 200);
    return parts;
  }

  it("covers every zone once, in the listing's order, over many small budgets, as one file that parses", async () => {
    const parts = await exportAll(40);
    expect(parts.length).toBeGreaterThan(5);
    const outcomes = parts.flatMap((p) => p.outcomes);
    const sorted = [...sandbox.state.zones].sort((a, b) => (a.name < b.name ? -1 : 1));
    expect(outcomes.map((o) => o.zone.id)).toEqual(sorted.map((z) => z.id));
    expect(parts.filter((p) => p.first)).toHaveLength(1);
    expect(parts.at(-1)!.complete).toBe(true);
    const text = parts
      .map((p) =>
        accountText(
          p.first ? accountHeader("v4", "auto", p.totalCount) : undefined,
          p.outcomes.map((o) => zoneSection(o, "v4")),
        ),
      )
      .join("");
    const parsed = await parseHcl(text);
    const exported = outcomes.filter((o) => o.result.status === "exported");
    expect(Object.keys((parsed.resource as Record<string, Record<string, Json>>).cloudflare_ruleset!)).toHaveLength(exported.length);
    // Every zone has something to export in auto: migrated zones their live entry point (its execute rules
    // answered with version "latest", which no provider writes), the others what the migration proposes.
    expect(outcomes.filter((o) => o.result.status !== "exported")).toEqual([]);
    const migrated = outcomes.filter((o) => sandbox.state.waf[o.zone.id]!.migrationState === "completed");
    expect(migrated.length).toBeGreaterThan(0);
    for (const o of migrated) expect(o.result).toMatchObject({ status: "exported", source: { config: "live" } });
    for (const o of migrated) expect(text).toContain(`# ==== zone ${o.zone.name} (${o.zone.id}) ====`);
    expect(text).not.toMatch(/^\s*version\s*=/m);
    expect(outcomes.some((o) => o.label === `zone_${o.zone.id}`)).toBe(true);
  });

  it("exports from the Zones page's cached rows exactly what it exports from a cold cache", async () => {
    const cold = (await exportAll(1000)).flatMap((p) => p.outcomes);
    scanCache.clear();
    // The account's rows leave out what only a detail shows (a validation-mode zone's proposed configuration).
    let cursor: string | undefined;
    do cursor = (await scanAccount(platform(), { cursor, limit: 1000 })).cursor;
    while (cursor);
    expect([...sandbox.state.zones].some((z) => scanCache.get(z.id)?.deferred)).toBe(true);
    const warm = (await exportAll(1000)).flatMap((p) => p.outcomes);
    expect(warm.map((o) => [o.zone.id, o.result.status])).toEqual(cold.map((o) => [o.zone.id, o.result.status]));
  });

  it("marks the zones whose calls fail as failed in the file, by name", async () => {
    await faults({ errorRate: 0.3 });
    const parts = await exportAll(1000, 1);
    await faults({ errorRate: 0 });
    const outcomes = parts.flatMap((p) => p.outcomes);
    expect(outcomes).toHaveLength(sandbox.state.zones.length);
    const failed = outcomes.filter((o) => o.result.status === "failed");
    expect(failed.length).toBeGreaterThan(0);
    const text = accountText(
      undefined,
      outcomes.map((o) => zoneSection(o, "v4")),
    );
    for (const o of failed) expect(text).toContain(`# FAILED: zone ${o.zone.name.replace(/[\n\r]/g, " ")} (${o.zone.id}) was not exported`);
  });

  it("refuses a cursor of another syntax or configuration, naming the cursor", async () => {
    const first = await exportAccountPart(platform(40), { syntax: "v4", config: "auto" });
    expect(first.cursor).toBeDefined();
    await expect(exportAccountPart(platform(40), { cursor: first.cursor, syntax: "v5", config: "auto" })).rejects.toMatchObject({
      field: "cursor",
    });
  });
});
