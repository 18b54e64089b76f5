// Two operations under the same load in the same run: windows of the same connections on one, then the
// other, in the order A B B A A B … (neither always goes first, after the other's load or in a quieter
// minute of a shared machine). Every answer's latency is kept, so each p99 is over all of its windows.
import autocannon from "autocannon";
import { treeCpuMs } from "./cpu-time";
import { gcDelta, gcTotals } from "./probe";

export interface LoadOutcome {
  p50: number;
  p99: number;
  requests: number;
  /** Errors, timeouts and non-2xx answers. */
  errors: number;
  /** The server's CPU time per answer (its process tree), when its PID was given. */
  cpuMsPerAnswer?: number;
  /** The load tool's own CPU time per answer (this process: it shares the cores with the server). */
  loaderCpuMsPerAnswer: number;
  /** From the server's probe, when its directory was given: mark-compacts during this operation's windows. */
  markCompacts?: number;
  /** Bytes the old generation grew by (what survived scavenges) per answer. */
  promotedBytesPerAnswer?: number;
}

/** The nearest-rank percentile (`p` in 0–100) of unsorted values. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

async function loadWindow(url: string, seconds: number, connections: number, headers: Record<string, string>, latencies: number[]) {
  const instance = autocannon({ url, connections, duration: seconds, headers });
  instance.on("response", (_client, _status, _bytes, ms) => latencies.push(ms));
  const result = await instance;
  return { requests: result.requests.total, errors: result.errors + result.timeouts + result.non2xx };
}

/**
 * `windows` windows of `seconds` on each of `a` and `b` (so `windows × seconds` of load each), alternating
 * as A B B A …; the two outcomes in the order given.
 */
export async function alternatingLoad(
  urls: readonly [a: string, b: string],
  options: {
    windows: number;
    seconds: number;
    connections: number;
    headers?: Record<string, string>;
    serverPid?: number;
    probeDir?: string;
  },
): Promise<[LoadOutcome, LoadOutcome]> {
  const latencies: [number[], number[]] = [[], []];
  const totals = [
    { requests: 0, errors: 0, cpuMs: 0, loaderCpuMs: 0, markCompacts: 0, promoted: 0 },
    { requests: 0, errors: 0, cpuMs: 0, loaderCpuMs: 0, markCompacts: 0, promoted: 0 },
  ];
  const loaderCpu = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  const cpu = () => (options.serverPid ? treeCpuMs(options.serverPid) : 0);
  for (let window = 0; window < options.windows; window++) {
    const order = window % 2 === 0 ? [0, 1] : [1, 0];
    for (const which of order) {
      const gcBefore = await gcTotals(options.probeDir);
      const [cpuBefore, loaderBefore] = [cpu(), loaderCpu()];
      const outcome = await loadWindow(urls[which]!, options.seconds, options.connections, options.headers ?? {}, latencies[which]!);
      totals[which]!.cpuMs += cpu() - cpuBefore;
      const gc = gcDelta(await gcTotals(options.probeDir), gcBefore);
      totals[which]!.markCompacts += gc.markCompacts;
      totals[which]!.promoted += gc.promotedBytes;
      totals[which]!.loaderCpuMs += loaderCpu() - loaderBefore;
      totals[which]!.requests += outcome.requests;
      totals[which]!.errors += outcome.errors;
    }
  }
  const outcome = (which: 0 | 1): LoadOutcome => {
    const { requests, errors, cpuMs, loaderCpuMs, markCompacts, promoted } = totals[which]!;
    const cpuMsPerAnswer = options.serverPid && requests ? cpuMs / requests : undefined;
    const percentiles = { p50: percentile(latencies[which], 50), p99: percentile(latencies[which], 99) };
    return {
      ...percentiles,
      requests,
      errors,
      loaderCpuMsPerAnswer: loaderCpuMs / requests,
      ...(cpuMsPerAnswer === undefined ? {} : { cpuMsPerAnswer }),
      ...(options.probeDir && requests ? { markCompacts, promotedBytesPerAnswer: promoted / requests } : {}),
    };
  };
  return [outcome(0), outcome(1)];
}
