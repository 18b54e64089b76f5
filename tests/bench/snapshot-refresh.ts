// The scheduled refresh on the large-account profile (5,000 zones, 100,000 custom hostnames): runs the
// refresh step after step as the cron would, each a fresh "server request" with the plan's budget, and
// prints the per-request figures from the sandbox's call log (calls, peak in flight) and the scheduler
// (subrequests with bucket calls), the heap each request needed at its peak, and reading the snapshot back.
// npx tsx --expose-gc --conditions=react-server tests/bench/snapshot-refresh.ts [--budget=50|1000] [--zones=5000] [--hostnames=100000]
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getHeapStatistics } from "node:v8";
import { startService, stopServices, waitForHttp } from "@/lib/dev/launcher/processes";
import { PlatformClient } from "@/lib/platform/client";
import { RateLimiter } from "@/lib/platform/rate-limiter";
import { Scheduler } from "@/lib/platform/scheduler";
import { readPart } from "@/lib/snapshots/parts";
import { readSlice } from "@/lib/snapshots/read";
import { refreshStep } from "@/lib/snapshots/refresh";
import { certificatesPartSchema, manifestSchema, snapshotKeys, zonesPartSchema } from "@/lib/snapshots/schema";
import { readJson } from "@/lib/storage/json-objects";
import { closeLocalBucket, openLocalBucket } from "@/lib/storage/local-bucket";

const arg = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const budget = arg("budget", 1000);
const zones = arg("zones", 5000);
const hostnames = arg("hostnames", 100_000);
const port = arg("port", 8832);
const TOKEN = "snapshot-bench-token-0123456789";
const MiB = 1024 * 1024;
const gc = (globalThis as { gc?: () => void }).gc;

async function main() {
  const sandbox = startService("sandbox", "node_modules/.bin/tsx", ["lib/dev/sandbox/main.ts"], {
    quiet: true,
    env: {
      SANDBOX_PORT: String(port),
      SANDBOX_API_TOKEN: TOKEN,
      SANDBOX_ZONES: String(zones),
      SANDBOX_ACCOUNTS: "security",
      SANDBOX_CUSTOM_HOSTNAMES: String(hostnames),
      SANDBOX_RATE_LIMIT: "0",
    },
  });
  const dataDir = mkdtempSync(join(tmpdir(), "preflight-snapshot-bench-"));
  try {
    const url = `http://127.0.0.1:${port}`;
    await waitForHttp(sandbox, `${url}/__sandbox/health`, 120_000);
    const bucket = await openLocalBucket(dataDir);
    const limiter = new RateLimiter({ requests: 100_000_000, windowSeconds: 300 });
    gc?.();
    const baseline = process.memoryUsage().heapUsed;
    console.log(
      `heap before the first step ${(baseline / MiB).toFixed(1)} MiB, ` +
        `heap limit ${(getHeapStatistics().heap_size_limit / MiB).toFixed(0)} MiB (run with --max-old-space-size to prove a bound)`,
    );
    let steps = 0;
    let maxSubrequests = 0;
    let maxPeak = 0;
    let maxHeapGrowth = 0;
    let maxHeap = 0;
    const started = Date.now();
    for (;;) {
      gc?.();
      const before = process.memoryUsage().heapUsed;
      let peakHeap = before;
      const sampler = setInterval(() => (peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed)), 5);
      const scheduler = new Scheduler({ limiter, subrequestBudget: budget, timeoutMs: 60_000, requestId: `bench-${steps}` });
      const platform = new PlatformClient(`${url}/client/v4`, { kind: "token", token: TOKEN }, scheduler);
      const outcome = await refreshStep(platform, bucket, { account: "bench", restart: false, refreshAfterMinutes: 60 });
      clearInterval(sampler);
      peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
      steps++;
      maxSubrequests = Math.max(maxSubrequests, scheduler.stats.subrequests);
      maxPeak = Math.max(maxPeak, scheduler.stats.peakInFlight);
      maxHeapGrowth = Math.max(maxHeapGrowth, peakHeap - before);
      maxHeap = Math.max(maxHeap, peakHeap);
      if (steps % 50 === 0 || process.argv.includes("--verbose")) {
        console.log(
          `  step ${steps}: ${outcome.phase} ${outcome.percent} %, ` +
            `${scheduler.stats.subrequests} subrequests, heap +${((peakHeap - before) / MiB).toFixed(1)} MiB`,
        );
      }
      if (outcome.result === "published") break;
      if (outcome.result !== "worked") throw new Error(`step ${steps} answered ${outcome.result}`);
    }
    const seconds = (Date.now() - started) / 1000;
    const log = ((await (await fetch(`${url}/__sandbox/requests`)).json()) as { requests: Array<{ calls: number; peakInFlight: number }> })
      .requests;
    const calls = log.reduce((sum, r) => sum + r.calls, 0);
    console.log(`refresh, budget ${budget}: ${steps} requests, ${calls} upstream calls in ${seconds.toFixed(0)} s`);
    console.log(
      `  per request, sandbox log: max ${Math.max(...log.map((r) => r.calls))} calls, max ${Math.max(...log.map((r) => r.peakInFlight))} in flight`,
    );
    console.log(
      `  per request, scheduler (bucket calls included): max ${maxSubrequests} subrequests of ${budget}, max ${maxPeak} connections`,
    );
    console.log(
      `  heap: peak growth within one request ${(maxHeapGrowth / MiB).toFixed(1)} MiB (sampled: garbage not yet collected included), ` +
        `peak heap used ${(maxHeap / MiB).toFixed(1)} MiB`,
    );

    // Reading it back as the pages do: a slice per request, never the whole account.
    const manifest = (await readJson(bucket, snapshotKeys("bench").latest, manifestSchema))!.value;
    for (const kind of ["zones", "certificates"] as const) {
      let cursor: string | undefined;
      let requests = 0;
      let rows = 0;
      let growth = 0;
      do {
        gc?.();
        const before = process.memoryUsage().heapUsed;
        const slice = await readSlice<unknown>(bucket, manifest, kind, cursor, async (b, part) =>
          kind === "zones"
            ? (await readPart(b, part.key, zonesPartSchema)).zones
            : (await readPart(b, part.key, certificatesPartSchema)).certificates,
        );
        growth = Math.max(growth, process.memoryUsage().heapUsed - before);
        rows += slice.rows.length;
        cursor = slice.cursor;
        requests++;
      } while (cursor);
      console.log(
        `read back ${kind}: ${rows} rows in ${requests} requests, heap growth per request at most ${(growth / MiB).toFixed(1)} MiB`,
      );
    }
    console.log(
      `process RSS at the end: ${(process.memoryUsage().rss / MiB).toFixed(0)} MiB${gc ? "" : " (run with --expose-gc for steadier heap figures)"}`,
    );
    await closeLocalBucket();
  } finally {
    await stopServices([sandbox]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
