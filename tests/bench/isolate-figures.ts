// Two isolates of the edge build scanning one account under a rate limit (issue 26): the limit owner's
// Durable Object keeps them under it together. Counts come from the sandbox's call log.
import { existsSync } from "node:fs";
import { run } from "@/lib/dev/launcher/processes";
import { describePairScan, scanWithTwoIsolates, type PairScan } from "@/tests/edge/shared-limit/scan-pair";
import { median, repeat, type Figure } from "./lib/figures";
import { BENCH_PORTS, BENCH_TOKEN } from "./lib/services";

export interface IsolateOptions {
  runs: number;
  /** Zones each isolate scans: about 13 calls a zone, so 20 zones each make over four windows of 120 calls. */
  zones: number;
  requests: number;
  windowSeconds: number;
}

export async function twoIsolatesOneAccount(options: IsolateOptions): Promise<Figure[]> {
  // The edge build is reused when present (npm test's edge step makes one); otherwise it is made once here.
  if (!existsSync(".open-next/worker.js") && (await run("npm", ["run", "build:edge"], { NEXT_TELEMETRY_DISABLED: "1" })) !== 0) {
    throw new Error("the edge build failed");
  }
  const limit = { requests: options.requests, windowSeconds: options.windowSeconds };
  // Overridable, for a shared machine where each engineer has a port range.
  const ports = {
    workers: Number(process.env.BENCH_ISOLATES_PORT || BENCH_PORTS.isolates),
    sandbox: Number(process.env.BENCH_ISOLATES_SANDBOX_PORT || BENCH_PORTS.isolatesSandbox),
  };
  const runs: PairScan[] = await repeat(options.runs, () =>
    scanWithTwoIsolates({ ports, token: BENCH_TOKEN, zones: options.zones, limit, shared: true }),
  );
  const last = runs.at(-1)!;
  console.log(`  ${describePairScan(last, limit)}`);
  return [
    {
      name: `7. two isolates scanning one account: wall ÷ (calls ÷ rate)`,
      runs: runs.map((r) => r.ratio),
      unit: "×",
      kind: "max",
      budget: 1.1,
      note:
        `${last.calls} calls (${(last.calls / options.requests).toFixed(1)} windows of ${options.requests}/${options.windowSeconds} s), ` +
        `wall ${(median(runs.map((r) => r.wallMs)) / 1000).toFixed(1)} s, busiest window ${Math.max(...runs.map((r) => r.busiest))}`,
    },
    {
      name: "7. two isolates: 429s",
      runs: runs.map((r) => r.tooMany),
      unit: "calls",
      kind: "max",
      budget: 0,
      note: `429s per run: ${runs.map((r) => r.tooMany).join(", ")}`,
    },
  ];
}
