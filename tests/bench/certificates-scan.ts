// Figures for the certificate audit on the sandbox account: calls per zone, requests per scan under the paid
// (1000) and free (50) subrequest budgets, and wall time on this machine. Run: npx tsx --conditions=react-server tests/bench/certificates-scan.ts
import { randomBytes } from "node:crypto";
import { auditCertificates } from "@/lib/certificates/audit";
import { PlatformClient } from "@/lib/platform/client";
import { RateLimiter } from "@/lib/platform/rate-limiter";
import { Scheduler } from "@/lib/platform/scheduler";
import { startSandbox } from "@/lib/dev/sandbox/server";

const token = randomBytes(16).toString("hex");
const sandbox = await startSandbox({ apiToken: token, accounts: "security", rateLimit: null, zoneCount: Number(process.env.ZONES ?? 240) });
try {
  for (const budget of [1000, 50]) {
    let cursor: string | undefined;
    let requests = 0;
    let calls = 0;
    let peak = 0;
    const started = performance.now();
    do {
      const scheduler = new Scheduler({
        limiter: new RateLimiter({ requests: 1_000_000, windowSeconds: 60 }),
        subrequestBudget: budget,
        timeoutMs: 30_000,
      });
      const page = await auditCertificates(new PlatformClient(sandbox.apiBaseUrl, { kind: "token", token }, scheduler), {
        cursor,
        refresh: cursor === undefined,
      });
      cursor = page.cursor;
      requests++;
      calls += scheduler.stats.subrequests;
      peak = Math.max(peak, scheduler.stats.peakInFlight);
    } while (cursor);
    const ms = performance.now() - started;
    const zones = sandbox.state.zones.length;
    console.log(
      `budget ${budget}: ${zones} zones, ${calls} calls (${(calls / zones).toFixed(2)} per zone), ` +
        `${requests} requests, peak ${peak} in flight, ${ms.toFixed(0)} ms`,
    );
  }
} finally {
  await sandbox.close();
}
