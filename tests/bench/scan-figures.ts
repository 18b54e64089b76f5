// Figures 1–3: the full account scan against its physical floor, against the calls it cannot do without,
// against today's SDK script, and under the account rate limit. Counts come from the sandbox's call log and
// the API's own answers (lib/necessary-calls.ts), never from Preflight's own word.
import type { CallRecord } from "@/lib/dev/sandbox/calls";
import { BEFORE_SKIPS, callKey, callsTable, clearCalls, summarizeCalls, worstKind } from "./lib/call-log";
import { median, repeat, type Figure } from "./lib/figures";
import { necessaryCalls } from "./lib/necessary-calls";
import { BENCH_TOKEN, startBenchPreflight, startBenchSandbox, stopAll, type Running } from "./lib/services";
import { preflightScan } from "./scan/preflight-scan";
import { sdkBaselineScan } from "./scan/sdk-baseline";

const LATENCY_MS = 40;
const CONNECTIONS = 6;

export interface ScanOptions {
  runs: number;
  zones: number;
}

/** Figures 1 and 2 on one sandbox: added latency, no rate limit. */
export async function scanVersusFloorAndScript(options: ScanOptions): Promise<Figure[]> {
  let sandbox: Running | undefined;
  let preflight: Running | undefined;
  try {
    sandbox = await startBenchSandbox({ zones: options.zones, latencyMs: LATENCY_MS, rateLimit: 0 });
    preflight = await startBenchPreflight();
    const { url } = sandbox;
    let preflightCalls: string[] = [];
    let lastCalls: CallRecord[] = [];
    const scans = await repeat(options.runs, async () => {
      await clearCalls(url);
      const scan = await preflightScan(preflight!.url);
      const log = await summarizeCalls(url);
      preflightCalls = log.calls.map(callKey).sort();
      lastCalls = log.calls;
      const floorMs = (log.total * LATENCY_MS) / CONNECTIONS;
      return {
        ...scan,
        calls: log.total,
        failed: log.failed,
        refused: log.refused,
        maxInFlight: log.maxInFlight,
        floorMs,
        ratio: scan.ms / floorMs,
      };
    });
    // The account does not change between runs: its necessary calls are worked out once, from its answers.
    const necessary = await necessaryCalls(`${url}/client/v4`, BENCH_TOKEN);
    const baselines = await repeat(options.runs, async () => {
      await clearCalls(url);
      const ms = await sdkBaselineScan(`${url}/client/v4`, BENCH_TOKEN);
      const log = await summarizeCalls(url);
      return { ms, calls: log.total, diff: callDifference(preflightCalls, log.calls.map(callKey)) };
    });
    const last = scans.at(-1)!;
    const preflightMs = median(scans.map((s) => s.ms));
    const table = callsTable(lastCalls, necessary, options.zones);
    console.log(
      `  calls per zone by operation (last run): before issue 17's skips, now, necessary, and extra calls\n${table.map((line) => `    ${line}`).join("\n")}`,
    );
    const was =
      options.zones === BEFORE_SKIPS.zones
        ? `; was ${BEFORE_SKIPS.total} calls (${(BEFORE_SKIPS.total / BEFORE_SKIPS.zones).toFixed(2)} a zone, ` +
          `${(BEFORE_SKIPS.total / necessary.length).toFixed(3)}×) before the skips`
        : "";
    const worst = worstKind(lastCalls, necessary);
    const sameCalls = baselines.every((b) => b.diff === "") ? "same calls as Preflight" : `calls differ: ${baselines.at(-1)!.diff}`;
    return [
      {
        name: `1. scan ÷ floor (${options.zones} zones, ${LATENCY_MS} ms/call)`,
        runs: scans.map((s) => s.ratio),
        unit: "×",
        kind: "max",
        budget: 1.15,
        note:
          `${last.calls} calls, floor ${(last.floorMs / 1000).toFixed(1)} s, scan ${(preflightMs / 1000).toFixed(1)} s, ` +
          `${last.requests} requests, peak ${last.maxInFlight} in flight, ${last.failed} failed, ` +
          `${last.refused} known refusals (retired previous API, no entry point)`,
      },
      {
        name: "1. calls ÷ necessary calls",
        runs: scans.map((s) => s.calls / necessary.length),
        unit: "×",
        kind: "max",
        budget: 1.05,
        note:
          `${last.calls} calls (${(last.calls / options.zones).toFixed(2)} a zone), ` +
          `${necessary.length} necessary by the rule in tests/bench/lib/necessary-calls.ts${was}; ` +
          `per kind of call in the table above, the highest ${worst ? `${worst.ratio.toFixed(3)}× (${worst.key})` : "—"}`,
      },
      {
        name: "2. speed-up over the sequential SDK script",
        runs: baselines.map((b) => b.ms / preflightMs),
        unit: "×",
        kind: "min",
        budget: 5,
        note: `SDK script ${(median(baselines.map((b) => b.ms)) / 1000).toFixed(1)} s for ${baselines.at(-1)!.calls} calls; ${sameCalls}`,
      },
    ];
  } finally {
    await stopAll(preflight, sandbox);
  }
}

/** "" when both made the same calls; else what only one of them made (a few, with counts). */
function callDifference(preflight: string[], script: string[]): string {
  const counts = new Map<string, number>();
  preflight.forEach((key) => counts.set(key, (counts.get(key) ?? 0) + 1));
  script.forEach((key) => counts.set(key, (counts.get(key) ?? 0) - 1));
  const differing = [...counts].filter(([, n]) => n !== 0);
  return differing
    .slice(0, 3)
    .map(([key, n]) => `${n > 0 ? "Preflight" : "script"} +${Math.abs(n)} ${key.replace(/\/client\/v4/, "")}`)
    .join("; ");
}

/** Figure 3: the sandbox's limit scaled to `requests` per `windowSeconds`, Preflight told the same. */
export async function scanUnderRateLimit(options: ScanOptions & { requests: number; windowSeconds: number }): Promise<Figure[]> {
  let sandbox: Running | undefined;
  const rate = options.requests / options.windowSeconds;
  try {
    sandbox = await startBenchSandbox({ zones: options.zones, rateLimit: options.requests, rateWindowSeconds: options.windowSeconds });
    const url = sandbox.url;
    const runs = await repeat(options.runs, async () => {
      // A fresh server and a reset sandbox: both limiters start with empty windows.
      await fetch(`${url}/__sandbox/reset`, { method: "POST" });
      const preflight = await startBenchPreflight({
        ACCOUNT_RATE_LIMIT: String(options.requests),
        ACCOUNT_RATE_WINDOW_SECONDS: String(options.windowSeconds),
      });
      try {
        const scan = await preflightScan(preflight.url);
        const log = await summarizeCalls(url);
        return { ...scan, ...log, allowedMs: (1.05 * log.total * 1000) / rate };
      } finally {
        await stopAll(preflight);
      }
    });
    const last = runs.at(-1)!;
    return [
      {
        name: `3. scan under ${options.requests}/${options.windowSeconds} s: wall ÷ (calls ÷ rate)`,
        runs: runs.map((r) => r.ms / ((r.total * 1000) / rate)),
        unit: "×",
        kind: "max",
        budget: 1.05,
        note: `${last.total} calls (${(last.total / options.requests).toFixed(1)} windows), wall ${(median(runs.map((r) => r.ms)) / 1000).toFixed(1)} s`,
      },
      {
        name: "3. failed calls and 429s under the limit",
        runs: runs.map((r) => r.failed + r.tooMany),
        unit: "calls",
        kind: "max",
        budget: 0,
        note: `429s per run: ${runs.map((r) => r.tooMany).join(", ")}; failed per run: ${runs.map((r) => r.failed).join(", ")}`,
      },
    ];
  } finally {
    await stopAll(sandbox);
  }
}
