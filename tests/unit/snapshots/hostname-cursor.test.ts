// A SaaS zone whose custom hostnames need more pages than one request may make: the refresh reads them
// across requests from a cursor inside the zone, every hostname exactly once, each request within 50.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readJson } from "@/lib/storage/json-objects";
import { readPart } from "@/lib/snapshots/parts";
import { refreshStep } from "@/lib/snapshots/refresh";
import { certificatesPartSchema, manifestSchema, runStateSchema, snapshotKeys } from "@/lib/snapshots/schema";
import { startSnapshotHarness } from "./harness";

let h: Awaited<ReturnType<typeof startSnapshotHarness>>;
beforeAll(async () => {
  h = await startSnapshotHarness({ zoneCount: 60, customHostnames: 12_000 });
});
afterAll(() => h.close());

describe("custom hostnames across requests", () => {
  it("reads a 2,400-hostname zone over several steps and publishes every hostname once", async () => {
    let steps = 0;
    let sawMidZone = false;
    for (;;) {
      const platform = h.platform(50);
      const outcome = await refreshStep(platform, h.bucket, { account: "saas", restart: false, refreshAfterMinutes: 60 });
      expect(platform.scheduler.stats.subrequests).toBeLessThanOrEqual(50);
      const state = await readJson(h.bucket, snapshotKeys("saas").state, runStateSchema);
      if ((state?.value.hostnamePage ?? 0) > 1) sawMidZone = true;
      steps++;
      if (outcome.result === "published") break;
      expect(outcome.result).toBe("worked");
      expect(steps).toBeLessThan(500);
    }
    expect(sawMidZone).toBe(true);
    const latest = await readJson(h.bucket, snapshotKeys("saas").latest, manifestSchema);
    const parts = await Promise.all(latest!.value.certificateParts.map((p) => readPart(h.bucket, p.key, certificatesPartSchema)));
    const hostnames = parts.flatMap((p) => p.certificates).filter((row) => row.kind === "custom_hostname");
    const designed = Object.values(h.sandbox.state.certificates).reduce((sum, c) => sum + c.customHostnames.length, 0);
    expect(hostnames).toHaveLength(12_000 + designed);
    expect(new Set(hostnames.map((row) => `${row.zoneId}/${row.id}`)).size).toBe(hostnames.length);
    expect(parts.flatMap((p) => p.zones)).toHaveLength(60);
    const usage = await h.usage();
    expect(Math.max(...usage.map((u) => u.calls))).toBeLessThanOrEqual(50);
  }, 180_000);
});
