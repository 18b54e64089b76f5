// What the server's processes hold after a full collection, asked of tests/load/heap-probe.mjs (preloaded into each).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";

export interface LiveHeap {
  /** JavaScript objects plus memory outside the heap held by them (buffers), summed over the processes. */
  mib: number;
  processes: number;
}

/** How many times each process was asked: its probe numbers its answers the same way. */
const asked = new Map<number, number>();

/** Signals every process that loaded the probe and still runs, and sums their answers to this very request. */
export async function liveHeap(dir: string, timeoutMs = 30_000): Promise<LiveHeap> {
  const pids = readdirSync(dir)
    .map((name) => /^probe-(\d+)$/.exec(name)?.[1])
    .filter((pid): pid is string => pid !== undefined)
    .map(Number)
    .filter((pid) => existsSync(`/proc/${pid}`));
  if (pids.length === 0) throw new Error("no process of the server loaded the heap probe");
  let bytes = 0;
  for (const pid of pids) {
    const sequence = (asked.get(pid) ?? 0) + 1;
    asked.set(pid, sequence);
    process.kill(pid, "SIGUSR2");
    bytes += await answer(`${dir}/heap-${pid}.json`, sequence, timeoutMs);
  }
  return { mib: bytes / 2 ** 20, processes: pids.length };
}

async function answer(file: string, sequence: number, timeoutMs: number): Promise<number> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(50)) {
    const heap = readAnswer(file);
    if (heap?.sequence === sequence) return heap.heapUsed + heap.external;
  }
  throw new Error(`${file}: no answer within ${timeoutMs / 1000} s`);
}

/** The probe's last answer, or nothing while it is absent or being written. */
function readAnswer(file: string): { sequence: number; heapUsed: number; external: number } | undefined {
  try {
    return existsSync(file)
      ? (JSON.parse(readFileSync(file, "utf8")) as { sequence: number; heapUsed: number; external: number })
      : undefined;
  } catch {
    return undefined;
  }
}
