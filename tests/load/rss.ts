// The server's resident memory over time: its process tree (Next and the local bucket's workerd),
// sampled once a second from /proc, so the first and last 10 s of a run can be compared.
import { treeRssMiB } from "@/tests/bench/lib/rss";

export interface RssSample {
  atMs: number;
  mib: number;
}

/** Starts sampling; the returned function stops and hands back every sample since. */
export function sampleRss(pid: number, everyMs = 1_000): () => RssSample[] {
  const started = Date.now();
  const samples: RssSample[] = [];
  const take = () => samples.push({ atMs: Date.now() - started, mib: treeRssMiB(pid) });
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
