// The server's resident memory over time: its process tree (Next and the local bucket's workerd),
// sampled once a second from /proc, so the first and last 10 s of a run can be compared.
import { treeRssMiB } from "@/tests/bench/lib/rss";

export interface RssSample {
  atMs: number;
  mib: number;
}

/** Starts sampling (`onSample` sees the samples so far); the returned function stops and hands back every sample since. */
export function sampleRss(pid: number, everyMs = 1_000, onSample?: (samples: readonly RssSample[]) => void): () => RssSample[] {
  const started = Date.now();
  const samples: RssSample[] = [];
  const take = () => {
    samples.push({ atMs: Date.now() - started, mib: treeRssMiB(pid) });
    onSample?.(samples);
  };
  take();
  const timer = setInterval(take, everyMs);
  return () => {
    clearInterval(timer);
    take();
    return samples;
  };
}

/** Mean RSS of the first and the last `windowMs` of a run. */
export function firstAndLast(samples: RssSample[], windowMs: number): { first: number; last: number } {
  const end = samples.at(-1)?.atMs ?? 0;
  const mean = (list: RssSample[]) => list.reduce((sum, s) => sum + s.mib, 0) / Math.max(1, list.length);
  return { first: mean(samples.filter((s) => s.atMs <= windowMs)), last: mean(samples.filter((s) => s.atMs >= end - windowMs)) };
}

/**
 * Whether the memory has reached its working size: the mean of the last `windowMs` is within `ratio` of the mean of the
 * `windowMs` before it (two full windows sampled). Warm-up stops there: stopping early can only make the leak check
 * stricter (growth still under way would count against the server), never let a leak through.
 */
export function settled(samples: readonly RssSample[], windowMs: number, ratio: number): boolean {
  const end = samples.at(-1)?.atMs ?? 0;
  if (end < 2 * windowMs) return false;
  const mean = (from: number, to: number) => {
    const inside = samples.filter((s) => s.atMs > from && s.atMs <= to);
    return inside.reduce((sum, s) => sum + s.mib, 0) / Math.max(1, inside.length);
  };
  return mean(end - windowMs, end) <= mean(end - 2 * windowMs, end - windowMs) * ratio;
}
