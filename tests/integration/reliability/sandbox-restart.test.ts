// The platform goes away in the middle of a scan: the sandbox is stopped and started again (same seed,
// same port) between two cursor steps, and once more while a step's calls are in flight. The scan
// completes with every zone equal to an undisturbed scan, and across the sandbox's lifetimes no upstream
// call was answered twice, except the retries of calls whose answer never arrived and of failed zones.
import { afterAll, describe, expect, it } from "vitest";
import { reauditZone } from "@/lib/certificates/reaudit";
import { scanCache } from "@/lib/migration/scan-cache";
import { zoneMigrationDetail } from "@/lib/migration/zone-detail";
import type { MigrationRow } from "@/lib/migration/zone-assessment";
import { startSandbox, type CallRecord, type RunningSandbox } from "@/lib/dev/sandbox/server";
import { callKey, certificatesScan, newLimiter, platformFor, zonesScan } from "@/tests/integration/reliability/scan-driver";

const TOKEN = "restart-token-0123456789abcdef0123";
const ZONES = 40;
const BUDGET = 60; // several cursor steps per scan
let sandbox: RunningSandbox;
let port = 0;
const lifetimes: CallRecord[][] = [];
const limiter = newLimiter();
const open = () => platformFor(sandbox.apiBaseUrl, TOKEN, limiter, BUDGET);
const withoutTime = ({ fetchedAt: _, ...row }: MigrationRow) => row;

async function start() {
  sandbox = await startSandbox({ port, apiToken: TOKEN, rateLimit: null, zoneCount: ZONES, seed: 3, faults: { latencyMs: 30 } });
  port = sandbox.port;
}
async function stop() {
  const dead = sandbox;
  await dead.close();
  await new Promise((resolve) => setTimeout(resolve, 100)); // calls being answered at the close land in its log
  lifetimes.push(dead.calls());
}
const allCalls = () => [...lifetimes.flat(), ...sandbox.calls()];

afterAll(() => sandbox.close());

/** Delivered 2xx answers per call: once each, but for calls of the zones that were rescanned after failing. */
function repeatedCalls(calls: CallRecord[], retriedZones: Set<string>) {
  const counts = new Map<string, number>();
  for (const call of calls.filter((c) => c.delivered && c.status < 300)) counts.set(callKey(call), (counts.get(callKey(call)) ?? 0) + 1);
  return [...counts].filter(
    ([key, n]) => n > 1 && ![...retriedZones].some((id) => key.includes(`/zones/${id}/`) || key.includes(`/zones/${id}?`)),
  );
}

describe("a sandbox restart in the middle of a scan", () => {
  it("loses nothing and repeats no call beyond the retries of failed ones", async () => {
    await start();
    scanCache.clear();
    const reference = await zonesScan(open, { refresh: true });
    const referenceCerts = await certificatesScan(open, { refresh: true });
    expect(reference.requests).toBeGreaterThan(3);
    await stop();
    lifetimes.length = 0;
    await start();

    let midFlightKill: Promise<void> | undefined;
    let restarts = 0;
    let midFlight = 0;
    const disturb = async (index: number) => {
      if (index === 2) {
        restarts++;
        await stop(); // between two cursor steps
        await start();
      }
      if (index === 3) {
        restarts++;
        midFlight++;
        // While the next step's calls are in flight: down for 700 ms, longer than the retries' backoff.
        midFlightKill = (async () => {
          await new Promise((resolve) => setTimeout(resolve, 80));
          await stop();
          await new Promise((resolve) => setTimeout(resolve, 700));
          await start();
        })();
      }
    };
    const scan = await zonesScan(open, { refresh: true, between: disturb });
    await midFlightKill;
    midFlightKill = undefined;
    const boundary = allCalls().length;
    const certs = await certificatesScan(open, { refresh: true, between: disturb });
    await midFlightKill;

    // Failed zones (the platform was unreachable) are marked so, then retried once the sandbox is back.
    const failedZones = scan.rows.filter((r) => r.verdict === "failed");
    const failedCertZones = certs.zones.filter((z) => z.status === "failed");
    for (const row of failedZones) expect(row.reasons[0]?.message).toMatch(/could not reach the platform|failed \(HTTP/);
    for (const zone of failedZones) await zoneMigrationDetail(open(), zone.id, true);
    for (const zone of failedCertZones) await reauditZone(open(), zone.zoneId);
    const healed = await zonesScan(open, { refresh: false });
    const healedCerts = await certificatesScan(open, { refresh: false });
    expect(healed.rows.map(withoutTime)).toEqual(reference.rows.map(withoutTime));
    expect(healedCerts.zones).toEqual(referenceCerts.zones);
    expect(healedCerts.certificates).toEqual(referenceCerts.certificates);

    const calls = allCalls();
    const retried = new Set([...failedZones.map((z) => z.id), ...failedCertZones.map((z) => z.zoneId)]);
    // The two scans list the zones separately (their own cursors): each scan's calls are checked on their own.
    expect(repeatedCalls(calls.slice(0, boundary), retried)).toEqual([]);
    expect(repeatedCalls(calls.slice(boundary), retried)).toEqual([]);
    const undelivered = calls.filter((c) => !c.delivered).length;
    console.log(
      `sandbox restart: ${ZONES} zones, ${scan.requests} + ${certs.requests} cursor steps, ` +
        `${restarts} restarts (${midFlight} mid-flight), ${calls.length} calls across ${lifetimes.length + 1} lifetimes, ` +
        `${undelivered} answered after the client was gone; zones failed ${failedZones.length} + ${failedCertZones.length}, ` +
        `retried to equal the undisturbed scan`,
    );
  }, 120_000);
});
