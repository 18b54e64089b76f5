// A process's descendants, read from /proc (Linux; elsewhere none are found and nothing changes): what a service
// started and must end with it.
import { readFileSync } from "node:fs";

/** A process's children, their children and so on. */
export function descendants(pid: number): number[] {
  let children: number[];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
  return children.flatMap((child) => [child, ...descendants(child)]);
}

export interface RunningProcess {
  pid: number;
  /** What it runs: a PID the system gave to another process since does not run the same. */
  cmdline: string;
}

export function processOf(pid: number): RunningProcess | undefined {
  try {
    return { pid, cmdline: readFileSync(`/proc/${pid}/cmdline`, "utf8") };
  } catch {
    return undefined;
  }
}

/** Whether the process still runs (and is the same process, not a reused PID). */
export function stillRuns(process: RunningProcess): boolean {
  return processOf(process.pid)?.cmdline === process.cmdline;
}
