// The drift phase on small budgets: 130 zones with a baseline (more than one page of the baselines
// listing), checked across many steps that each stay within the budget and 6 connections, every zone's
// entry point read exactly once, and every drift recorded once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listChanges } from "@/lib/changes/store";
import { wafCaseFor } from "@/lib/dev/sandbox/waf/seed-waf";
import { writeBaseline, type Baseline } from "@/lib/drift/baseline";
import { newDriftProgress, type DriftProgress } from "@/lib/drift/progress";
import { watchDriftFrom } from "@/lib/drift/refresh-work";
import { meteredBucket } from "@/lib/storage/metered-bucket";
import { startSnapshotHarness } from "@/tests/unit/snapshots/harness";

let h: Awaited<ReturnType<typeof startSnapshotHarness>>;
let baselines: Baseline[];
const EDITED = 5;

beforeAll(async () => {
  // A little latency, so a step's calls overlap in the sandbox as they would upstream.
  h = await startSnapshotHarness({ faults: { latencyMs: 2 } });
  const zones = h.sandbox.state.zones.filter((z, i) => ["validation", "eligible"].includes(wafCaseFor(i, z))).slice(0, 130);
  // Validation zones' entry points as their baselines; eligible zones have none live, so they drift (deleted).
  baselines = zones.map((zone, i) => {
    const live = h.sandbox.state.waf[zone.id]!.entrypoint;
    const rules = (live?.rules ?? [
      { action: "execute", expression: "true", action_parameters: { id: "efb7b8c949ac4650a09736fc376e9aee" } },
    ]) as Baseline["configuration"]["rules"];
    return {
      format: 1,
      zoneId: zone.id,
      zoneName: zone.name,
      reviewId: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      reviewKind: "complete_migration",
      at: new Date().toISOString(),
      configuration: { rules },
      ...(live ? { entrypoint: { id: live.id!, version: live.version!, lastUpdated: live.last_updated!, rules } } : {}),
    };
  });
  for (const baseline of baselines) await writeBaseline(h.bucket, baseline);
  const withEntrypoint = zones.filter((z) => h.sandbox.state.waf[z.id]!.entrypoint);
  for (const zone of withEntrypoint.slice(0, EDITED)) {
    const response = await fetch(`${h.sandbox.url}/__sandbox/entrypoint-edits`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ zoneId: zone.id, edit: "paranoia_level", level: 4 }),
    });
    expect(response.status).toBe(200);
  }
}, 60_000);
afterAll(() => h.close());

describe("the drift phase within a small budget", () => {
  // The free plan's budget, then a paid plan's for a second pass that must find every drift already seen.
  for (const budget of [50, 1000]) {
    it(`checks 130 zones in steps of at most ${budget} subrequests and 6 connections, each entry point read once`, async () => {
      await h.clearCalls();
      const steps: Array<{ subrequests: number; peak: number }> = [];
      let progress: DriftProgress = newDriftProgress();
      while (!progress.done) {
        const platform = h.platform(budget);
        // The bucket's calls count in the request's subrequests and connections, as in a refresh step.
        const step = await watchDriftFrom(
          platform,
          meteredBucket(h.bucket, platform.scheduler),
          progress,
          `run-${budget}`,
          () => new Date(),
        );
        expect(step.progress.checked > progress.checked || step.progress.cursor !== progress.cursor || step.progress.done).toBe(true);
        progress = step.progress;
        steps.push({ subrequests: platform.scheduler.stats.subrequests, peak: platform.scheduler.stats.peakInFlight });
        expect(steps.length).toBeLessThan(200);
      }
      expect(progress).toMatchObject({ checked: 130, failed: 0 });
      expect(progress.drifted).toBe(baselines.filter((b) => !b.entrypoint).length + EDITED);
      for (const step of steps) {
        expect(step.subrequests).toBeLessThanOrEqual(budget);
        expect(step.peak).toBeLessThanOrEqual(6);
      }
      const { calls } = (await (await fetch(`${h.sandbox.url}/__sandbox/calls`)).json()) as {
        calls: Array<{ method: string; path: string }>;
      };
      const reads = calls.filter((c) => c.method === "GET" && c.path.endsWith("/rulesets/phases/http_request_firewall_managed/entrypoint"));
      expect(reads).toHaveLength(130);
      expect(new Set(reads.map((c) => c.path)).size).toBe(130);
      expect(calls.filter((c) => !c.path.endsWith("/entrypoint"))).toEqual([]);
      const usage = await h.usage();
      expect(Math.max(...usage.map((u) => u.calls))).toBeLessThanOrEqual(budget);
      console.log(
        `drift phase, budget ${budget}: 130 zones in ${steps.length} steps, ` +
          `at most ${Math.max(...steps.map((s) => s.subrequests))} subrequests ` +
          `and ${Math.max(...steps.map((s) => s.peak))} connections per step`,
      );
    }, 120_000);
  }

  it("recorded each drift once across both passes: the second pass found it already seen", async () => {
    const changes = [];
    let cursor: string | undefined;
    do {
      const page = await listChanges(h.bucket, { kinds: ["drift"], limit: 500, cursor });
      changes.push(...page.changes);
      cursor = page.cursor;
    } while (cursor);
    const zones = new Set(changes.map((c) => c.zoneId));
    expect(zones.size).toBe(baselines.filter((b) => !b.entrypoint).length + EDITED);
    const edited = changes.filter((c) => /paranoia level/.test(c.words));
    expect(edited).toHaveLength(EDITED);
  });
});
