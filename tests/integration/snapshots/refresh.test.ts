// The snapshot refresh against the sandbox and Miniflare's bucket: budget-sized steps that resume where
// they stopped, never more than the budget or 6 connections per request (from the sandbox's call log),
// an atomic publish, a loser of a race that saves nothing, and a snapshot equal to a live scan.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditCertificates } from "@/lib/certificates/audit";
import { scanAccount } from "@/lib/migration/scan-account";
import { scanCache } from "@/lib/migration/scan-cache";
import { readJson } from "@/lib/storage/json-objects";
import { readPart } from "@/lib/snapshots/parts";
import { refreshStep, type StepOutcome } from "@/lib/snapshots/refresh";
import { certificatesPartSchema, manifestSchema, runStateSchema, snapshotKeys, zonesPartSchema } from "@/lib/snapshots/schema";
import { startSnapshotHarness } from "@/tests/unit/snapshots/harness";

let h: Awaited<ReturnType<typeof startSnapshotHarness>>;
beforeAll(async () => {
  // A little latency per call, so calls of one request overlap in the sandbox as they would upstream.
  h = await startSnapshotHarness({ faults: { latencyMs: 3 } });
});
afterAll(() => h.close());

const options = (account: string, restart = false) => ({ account, restart, refreshAfterMinutes: 60 });

async function refreshAll(account: string, budget: number, restart = false) {
  const outcomes: Array<StepOutcome & { subrequests: number; peak: number }> = [];
  for (let i = 0; i < 2_000; i++) {
    const platform = h.platform(budget);
    const outcome = await refreshStep(platform, h.bucket, options(account, restart && i === 0));
    outcomes.push({ ...outcome, subrequests: platform.scheduler.stats.subrequests, peak: platform.scheduler.stats.peakInFlight });
    if (outcome.result === "published") return outcomes;
    if (outcome.result !== "worked") throw new Error(`unexpected step result ${outcome.result}`);
  }
  throw new Error("the refresh made no progress");
}

describe("snapshot refresh on the free plan's budget (50)", () => {
  let outcomes: Awaited<ReturnType<typeof refreshAll>>;
  beforeAll(async () => {
    await h.clearCalls();
    outcomes = await refreshAll("free", 50);
  }, 180_000);

  it("finishes in many steps, each within the budget and 6 connections, bucket calls included", async () => {
    expect(outcomes.length).toBeGreaterThan(40);
    for (const step of outcomes) {
      expect(step.subrequests).toBeLessThanOrEqual(50);
      expect(step.peak).toBeLessThanOrEqual(6);
    }
    // The sandbox's own log, per server request: never more calls than the budget, never more than 6 at once.
    const usage = await h.usage();
    expect(usage.length).toBeGreaterThan(40);
    expect(Math.max(...usage.map((u) => u.calls))).toBeLessThanOrEqual(50);
    expect(Math.max(...usage.map((u) => u.peakInFlight))).toBeLessThanOrEqual(6);
    expect(Math.max(...usage.map((u) => u.peakInFlight))).toBeGreaterThan(1);
    const percents = outcomes.map((o) => o.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(percents.at(-1)).toBe(100);
  });

  it("publishes a snapshot equal to a live scan of the account", async () => {
    const latest = await readJson(h.bucket, snapshotKeys("free").latest, manifestSchema);
    expect(latest?.value.zoneCount).toBe(240);
    const zoneRows = (await Promise.all(latest!.value.zoneParts.map((p) => readPart(h.bucket, p.key, zonesPartSchema)))).flatMap(
      (p) => p.zones,
    );
    const certificateParts = await Promise.all(
      latest!.value.certificateParts.map((p) => readPart(h.bucket, p.key, certificatesPartSchema)),
    );
    scanCache.clear();
    const live = await scanAccount(h.platform(100_000), { refresh: true, limit: Number.POSITIVE_INFINITY });
    expect(zoneRows.map((z) => [z.id, z.verdict])).toEqual(live.zones.map((z) => [z.id, z.verdict]));
    const audit = await auditCertificates(h.platform(100_000), { refresh: true });
    // With their verdicts: custom hostnames' CAA (read across zones) decides the same way in both.
    const ids = (rows: Array<{ zoneId: string; id: string; verdict?: unknown }>) =>
      rows.map((r) => `${r.zoneId}/${r.id}/${String(r.verdict)}`).sort();
    expect(ids(certificateParts.flatMap((p) => p.certificates))).toEqual(ids(audit.certificates));
    expect(certificateParts.flatMap((p) => p.zones).map((z) => z.zoneId)).toEqual(audit.zones.map((z) => z.zoneId));
    expect(certificateParts.flatMap((p) => p.caa)).toHaveLength(audit.caa.length);
  });

  it("is idle until the snapshot is old enough, then a restart leaves the published snapshot alone until it publishes", async () => {
    expect((await refreshStep(h.platform(50), h.bucket, options("free"))).result).toBe("idle");
    const before = await readJson(h.bucket, snapshotKeys("free").latest, manifestSchema);
    const first = await refreshStep(h.platform(50), h.bucket, options("free", true));
    expect(first.result).toBe("worked");
    expect(first.runId).not.toBe(before!.value.runId);
    const during = await readJson(h.bucket, snapshotKeys("free").latest, manifestSchema);
    expect(during!.value.runId).toBe(before!.value.runId);
  });
});

describe("two runners on the same step", () => {
  it("saves only one of them: the other is told it lost, and the run resumes from the winner", async () => {
    await refreshStep(h.platform(50), h.bucket, options("race"));
    const [a, b] = await Promise.all([
      refreshStep(h.platform(50), h.bucket, options("race")),
      refreshStep(h.platform(50), h.bucket, options("race")),
    ]);
    expect([a.result, b.result].sort()).toEqual(["conflict", "worked"]);
    const state = await readJson(h.bucket, snapshotKeys("race").state, runStateSchema);
    expect(state!.value.steps).toBe(2);
  }, 60_000);
});
