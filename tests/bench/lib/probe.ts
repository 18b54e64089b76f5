// What the server's probe (server-probe.mjs, preloaded into the bench's `next start`) wrote: GC totals of
// every process that loaded it, and the live heap by allocating function after a SIGUSR2 pair.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export interface GcTotals {
  markCompacts: number;
  scavenges: number;
  promotedBytes: number;
  gcMs: number;
  maxPauseMs: number;
  /** The largest heap a mark-compact left (live data, garbage excluded), MiB. */
  liveAfterMarkCompactMiB?: number;
  /** The largest each part of process.memoryUsage() reached, MiB. */
  peak?: Record<string, number>;
}

/** The GC totals so far, summed over the processes that wrote them (after the probe's next write). */
export async function gcTotals(probeDir: string | undefined): Promise<GcTotals> {
  const sum: GcTotals = { markCompacts: 0, scavenges: 0, promotedBytes: 0, gcMs: 0, maxPauseMs: 0 };
  if (!probeDir) return sum;
  await new Promise((resolve) => setTimeout(resolve, 250));
  for (const file of readdirSync(probeDir).filter((f) => f.startsWith("gc-") && f.endsWith(".json"))) {
    try {
      const t = JSON.parse(readFileSync(join(probeDir, file), "utf8")) as GcTotals;
      sum.markCompacts += t.markCompacts;
      sum.scavenges += t.scavenges;
      sum.promotedBytes += t.promotedBytes;
      sum.gcMs += t.gcMs;
      sum.maxPauseMs = Math.max(sum.maxPauseMs, t.maxPauseMs);
      sum.liveAfterMarkCompactMiB = Math.max(sum.liveAfterMarkCompactMiB ?? 0, t.liveAfterMarkCompactMiB ?? 0);
      if (t.peak && (!sum.peak || (t.peak.rss ?? 0) > (sum.peak.rss ?? 0))) sum.peak = t.peak;
    } catch {
      // a process that died mid-write (files are renamed whole into place)
    }
  }
  return sum;
}

export function gcDelta(after: GcTotals, before: GcTotals): GcTotals {
  return {
    markCompacts: after.markCompacts - before.markCompacts,
    scavenges: after.scavenges - before.scavenges,
    promotedBytes: after.promotedBytes - before.promotedBytes,
    gcMs: after.gcMs - before.gcMs,
    maxPauseMs: after.maxPauseMs,
  };
}

export interface HeapSite {
  site: string;
  bytes: number;
  leaf: Array<[string, number]>;
}

/** Sends SIGUSR2 to `pid` (start), runs `work`, SIGUSR2 again (stop): the sampled live heap by allocation site. */
export async function liveHeapDuring<T>(
  pid: number,
  probeDir: string,
  work: () => Promise<T>,
): Promise<{ value: T; top: HeapSite[]; heapUsed: number }> {
  const wait = async (file: string) => {
    for (let i = 0; i < 300 && !existsSync(join(probeDir, file)); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  };
  process.kill(pid, "SIGUSR2");
  await wait(`sampling-${pid}`);
  const value = await work();
  process.kill(pid, "SIGUSR2");
  await wait(`heap-${pid}.json`);
  const heap = JSON.parse(readFileSync(join(probeDir, `heap-${pid}.json`), "utf8")) as { top: HeapSite[]; heapUsed: number };
  return { value, ...heap };
}
