// Diagnostic (`npx tsx tests/bench/diagnose/scan-slots.ts [zones]`), not a figure: one warm scan, then where the 6 slots sat idle.
import { clearCalls, readCalls } from "../lib/call-log";
import { startBenchPreflight, startBenchSandbox, stopAll } from "../lib/services";
import { preflightScan } from "../scan/preflight-scan";

const zones = Number(process.argv[2] ?? 240);
const sandbox = await startBenchSandbox({ zones, latencyMs: 40, rateLimit: 0 });
const preflight = await startBenchPreflight();
try {
  await preflightScan(preflight.url); // warm
  await clearCalls(sandbox.url);
  const scan = await preflightScan(preflight.url);
  const { calls, maxInFlight } = await readCalls(sandbox.url);
  const start = Math.min(...calls.map((c) => c.startedAt));
  const end = Math.max(...calls.map((c) => c.endedAt));
  const busy = calls.reduce((s, c) => s + c.durationMs, 0);
  const durations = calls.map((c) => c.durationMs).sort((a, b) => a - b);
  console.log({
    zones,
    calls: calls.length,
    scanMs: Math.round(scan.ms),
    requests: scan.requests,
    firstToLastCallMs: end - start,
    floorMs: Math.round((calls.length * 40) / 6),
    avgInFlight: (busy / (end - start)).toFixed(2),
    maxInFlight,
    p50Duration: durations[calls.length >> 1],
    p99Duration: durations[Math.floor(calls.length * 0.99)],
  });
  const hist = new Map<number, number>();
  for (const c of calls) hist.set(c.inFlight, (hist.get(c.inFlight) ?? 0) + 1);
  console.log(
    "inFlight at start:",
    [...hist].sort((a, b) => a[0] - b[0]),
  );
  // Windows of 500 ms: average calls in flight.
  const rows: string[] = [];
  for (let t = start; t < end; t += 500) {
    const overlap = calls.reduce((s, c) => s + Math.max(0, Math.min(c.endedAt, t + 500) - Math.max(c.startedAt, t)), 0);
    rows.push((overlap / 500).toFixed(1));
  }
  console.log("avg in flight per 500 ms:", rows.join(" "));
  const byPath = new Map<string, number>();
  for (const c of calls) {
    const k = c.path.replace(/[0-9a-f]{32}/g, ":id");
    byPath.set(k, (byPath.get(k) ?? 0) + 1);
  }
  console.log([...byPath].sort((a, b) => b[1] - a[1]));
} finally {
  await stopAll(preflight, sandbox);
}
