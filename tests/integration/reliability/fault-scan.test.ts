// A full scan (zones with their migration assessment, and the certificate audit) under faults: 20% 5xx,
// recurring 429 bursts with Retry-After, 2 s latency spikes, truncated and wrongly shaped bodies. Every
// zone ends either equal to its fault-free result or marked failed with its reason (never old data shown
// as fresh), and retrying the failed ones completes the account.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reauditZone } from "@/lib/certificates/reaudit";
import { scanCache } from "@/lib/migration/scan-cache";
import { zoneMigrationDetail } from "@/lib/migration/zone-detail";
import { migrationRow, type MigrationRow } from "@/lib/migration/zone-assessment";
import { startSandbox, type RunningSandbox } from "@/lib/dev/sandbox/server";
import { certificatesScan, newLimiter, platformFor, setFaults, zonesScan } from "@/tests/integration/reliability/scan-driver";

const TOKEN = "fault-scan-token-0123456789abcdef";
const ZONES = 60;
const FAULTS = {
  errorRate: 0.2,
  burst429Rate: 0.004,
  burst429Size: 3,
  retryAfterSeconds: 1,
  spikeRate: 0.01,
  spikeMs: 2000,
  malformedRate: 0.01,
  wrongShapeRate: 0.005,
};
let sandbox: RunningSandbox;
const limiter = newLimiter();
const open = () => platformFor(sandbox.apiBaseUrl, TOKEN, limiter);
const withoutTime = ({ fetchedAt: _, ...row }: MigrationRow) => row;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, apiToken: TOKEN, rateLimit: null, zoneCount: ZONES, seed: 1 });
});
afterAll(() => sandbox.close());

describe("a full scan under faults", () => {
  it("ends with every zone correct or failed with its reason, and a retry of the failed ones completes it", async () => {
    scanCache.clear();
    const reference = await zonesScan(open, { refresh: true });
    const referenceCerts = await certificatesScan(open, { refresh: true });
    expect(reference.rows).toHaveLength(ZONES);
    expect(referenceCerts.zones.every((z) => z.status === "audited")).toBe(true);

    await fetch(`${sandbox.url}/__sandbox/calls`, { method: "DELETE" });
    await setFaults(sandbox.url, FAULTS);
    const startedAt = new Date().toISOString();
    const faulty = await zonesScan(open, { refresh: true });
    const faultyCerts = await certificatesScan(open, { refresh: true });
    const calls = ((await (await fetch(`${sandbox.url}/__sandbox/calls`)).json()) as { calls: { status: number }[] }).calls;

    // Zones: same set, each equal to the fault-free row or a failed row carrying nothing but the zone and the reason.
    const byId = new Map(reference.rows.map((r) => [r.id, r]));
    expect(faulty.rows.map((r) => r.id).sort()).toEqual([...byId.keys()].sort());
    const failedZones = faulty.rows.filter((r) => r.verdict === "failed");
    for (const row of faulty.rows) {
      const before = byId.get(row.id)!;
      expect(row.fetchedAt >= startedAt, "each row carries this scan's read time").toBe(true);
      if (row.verdict !== "failed") {
        expect(withoutTime(row)).toEqual(withoutTime(before));
        continue;
      }
      const reason = row.reasons[0]?.message ?? "";
      expect(reason).toMatch(/failed \(HTTP 5\d\d|not JSON|unexpected shape|rate limit/);
      // Nothing of the earlier, fault-free assessment is shown: the row is exactly "failed, because …".
      const { id, name, plan, planName, status, paused, type, accountId, accountName, account, createdOn, activatedOn } = before;
      const zone = { id, name, plan, planName, status, paused, type, accountId, accountName, account, createdOn, activatedOn };
      expect(row).toEqual(migrationRow({ zone, error: reason, fetchedAt: row.fetchedAt }));
    }

    // Certificates: every zone listed; audited zones give exactly their fault-free rows, failed zones none.
    expect(faultyCerts.zones.map((z) => z.zoneId)).toEqual(referenceCerts.zones.map((z) => z.zoneId));
    const failedCertZones = faultyCerts.zones.filter((z) => z.status === "failed");
    for (const zone of faultyCerts.zones) {
      const rows = faultyCerts.certificates.filter((c) => c.zoneId === zone.zoneId);
      if (zone.status === "failed") {
        expect(zone.reason).toBeTruthy();
        expect(rows).toEqual([]);
      } else {
        expect(rows).toEqual(referenceCerts.certificates.filter((c) => c.zoneId === zone.zoneId));
      }
    }

    // Retry the failed zones (as the pages' Retry buttons do), still under faults, until none is left.
    let rounds = 0;
    let retried = 0;
    for (; rounds < 6; rounds++) {
      const zonesLeft = (await zonesScan(open, { refresh: false })).rows.filter((r) => r.verdict === "failed");
      const certsLeft = (await certificatesScan(open, { refresh: false })).zones.filter((z) => z.status === "failed");
      if (zonesLeft.length + certsLeft.length === 0) break;
      retried += zonesLeft.length + certsLeft.length;
      for (const zone of zonesLeft) await zoneMigrationDetail(open(), zone.id, true).catch(() => undefined);
      for (const zone of certsLeft) await reauditZone(open(), zone.zoneId).catch(() => undefined);
    }
    await setFaults(sandbox.url, { errorRate: 0, burst429Rate: 0, spikeRate: 0, malformedRate: 0, wrongShapeRate: 0, burst429: 0 });
    const healed = await zonesScan(open, { refresh: false });
    const healedCerts = await certificatesScan(open, { refresh: false });
    expect(healed.rows.map(withoutTime)).toEqual(reference.rows.map(withoutTime));
    expect(healedCerts.zones).toEqual(referenceCerts.zones);
    expect(healedCerts.certificates).toEqual(referenceCerts.certificates);
    expect(healedCerts.caa).toEqual(referenceCerts.caa);

    const statuses = (s: number) => calls.filter((c) => c.status === s).length;
    console.log(
      `fault scan: ${ZONES} zones, ${calls.length} calls under faults (${calls.filter((c) => c.status >= 500).length} 5xx, ${statuses(429)} 429); ` +
        `zones failed ${failedZones.length}, certificate zones failed ${failedCertZones.length}, ` +
        `errored steps ${faulty.erroredSteps + faultyCerts.erroredSteps}; ` +
        `retried ${retried} in ${rounds} round(s), all equal to the fault-free scan`,
    );
  }, 180_000);
});
