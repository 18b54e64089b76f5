// The zone page's "What the migration changes": the live entry point, read at every view, against the
// proposed configuration, as a diff in words; an entry point that cannot be read leaves the rest standing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startSandbox, type RunningSandbox } from "@/lib/dev/sandbox/server";
import { wafCaseFor } from "@/lib/dev/sandbox/waf/seed-waf";
import { scanCache } from "@/lib/migration/scan-cache";
import { zoneMigrationDetail } from "@/lib/migration/zone-detail";
import { PlatformClient } from "@/lib/platform/client";
import { RateLimiter } from "@/lib/platform/rate-limiter";
import { Scheduler } from "@/lib/platform/scheduler";

const TOKEN = "zone-detail-changes-token-0001";
let sandbox: RunningSandbox;

function platform(maxAttempts = 4) {
  const scheduler = new Scheduler({
    limiter: new RateLimiter({ requests: 100_000, windowSeconds: 60 }),
    subrequestBudget: 1000,
    timeoutMs: 10_000,
    retry: { maxAttempts, baseDelayMs: 1, maxDelayMs: 5, maxRetryAfterMs: 1_000 },
  });
  return new PlatformClient(sandbox.apiBaseUrl, { kind: "token", token: TOKEN }, scheduler);
}

const zoneOf = (wafCase: string, test: (plan: string) => boolean = () => true) =>
  sandbox.state.zones.find(
    (z, i) => wafCaseFor(i, z) === wafCase && !sandbox.state.waf[z.id]!.previousApiRetired && test(z.plan.legacy_id),
  )!;
const words = (detail: Awaited<ReturnType<typeof zoneMigrationDetail>>) =>
  detail.migrationChanges?.state === "read" ? detail.migrationChanges.diff.changes.map((c) => c.words) : undefined;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, apiToken: TOKEN, rateLimit: null });
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  scanCache.clear();
  await fetch(`${sandbox.url}/__sandbox/reset`, { method: "POST" });
});

describe("what the migration changes, on the zone detail", () => {
  it("a zone with no entry point yet: created, with every rule of the proposed configuration", async () => {
    const zone = zoneOf("eligible", (plan) => plan !== "enterprise");
    const detail = await zoneMigrationDetail(platform(), zone.id, false);
    expect(detail.migrationChanges).toMatchObject({ state: "read", entrypoint: "no entry point (the PUT creates it)" });
    expect(words(detail)?.[0]).toBe(`entry point created with ${detail.proposedConfig!.rules.length} rules`);
    expect(words(detail)).toContain(
      `execute Cloudflare OWASP Core Ruleset added (rule ${detail.proposedConfig!.rules.length} of ${detail.proposedConfig!.rules.length})`,
    );
  });

  it("an entry point set to PL4 in the dashboard (no paranoia category off): the change names both readings, not a lowering", async () => {
    const zone = zoneOf("validation");
    const edit = await fetch(`${sandbox.url}/__sandbox/entrypoint-edits`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ zoneId: zone.id, edit: "paranoia_level", level: 4 }),
    });
    expect(edit.status).toBe(200);
    const level = words(await zoneMigrationDetail(platform(), zone.id, false))?.find((w) => w.startsWith("OWASP paranoia level"));
    expect(level).toMatch(/^OWASP paranoia level not set by the overrides → \d \(.*PL1 per concepts\.mdx, PL4 per configure-api\.mdx.*\)$/);
  });

  it("a zone in validation mode runs the proposed configuration already: no change by meaning", async () => {
    const detail = await zoneMigrationDetail(platform(), zoneOf("validation").id, false);
    expect(detail.migrationChanges).toMatchObject({
      state: "read",
      entrypoint: expect.stringMatching(/^entry point version 1 /),
      diff: { changes: [], moved: [] },
    });
  });

  it("read at every view, not cached: an entry point edited since the scan shows at once", async () => {
    const zone = zoneOf("validation");
    await zoneMigrationDetail(platform(), zone.id, false);
    const entrypoint = sandbox.state.waf[zone.id]!.entrypoint!;
    // Someone removed the Cloudflare Managed Ruleset's execute rule since: the PUT puts it back.
    entrypoint.rules = entrypoint.rules.filter((rule) => rule.action_parameters?.id !== "efb7b8c949ac4650a09736fc376e9aee");
    const detail = await zoneMigrationDetail(platform(), zone.id, false);
    const total = detail.proposedConfig!.rules.length;
    expect(words(detail)).toEqual([`execute Cloudflare Managed Ruleset added (rule ${total - 1} of ${total})`]);
  });

  it("a migrated zone has no proposed configuration: nothing to say", async () => {
    const detail = await zoneMigrationDetail(platform(), zoneOf("migrated").id, false);
    expect(detail.migrationChanges).toBeNull();
  });

  it("an entry point that cannot be read now: said so, the rest of the detail stands", async () => {
    const zone = zoneOf("eligible", (plan) => plan !== "enterprise");
    const first = await zoneMigrationDetail(platform(), zone.id, false);
    // The scan is cached: the only call of the next view is the entry point read, which the platform refuses.
    await fetch(`${sandbox.url}/__sandbox/faults`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ burst429: 5, retryAfterSeconds: 60 }),
    });
    const detail = await zoneMigrationDetail(platform(1), zone.id, false);
    expect(detail.migrationChanges).toMatchObject({ state: "unreadable", reason: expect.any(String) });
    expect(detail.verdict).toBe(first.verdict);
    expect(detail.proposedConfig).toEqual(first.proposedConfig);
  });
});
