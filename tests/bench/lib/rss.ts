// Resident memory of a server process and its children, sampled from /proc (Linux) while work runs.
import { readFileSync } from "node:fs";
import { descendants } from "@/lib/dev/launcher/process-tree";

export { descendants };

function rssKiB(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/** The resident memory of a process and all its descendants, in MiB. */
export function treeRssMiB(pid: number): number {
  return [pid, ...descendants(pid)].reduce((sum, p) => sum + rssKiB(p), 0) / 1024;
}

/** Samples the tree's total RSS every `everyMs` until `work` settles; returns the peak in MiB. */
export async function peakRss<T>(pid: number, work: () => Promise<T>, everyMs = 50): Promise<{ value: T; peakMiB: number }> {
  let peak = 0;
  const sample = () => (peak = Math.max(peak, treeRssMiB(pid)));
  sample();
  const timer = setInterval(sample, everyMs);
  try {
    const value = await work();
    sample();
    return { value, peakMiB: peak };
  } finally {
    clearInterval(timer);
  }
}
