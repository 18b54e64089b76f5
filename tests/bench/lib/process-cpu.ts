// CPU time a process and its descendants used so far (every thread's time on a CPU, nanoseconds from
// /proc/<pid>/task/<tid>/schedstat), so a figure on a shared machine can say what the server itself spent,
// which other engineers' load does not inflate as it does wall time. Finer than /proc/<pid>/stat's 10 ms ticks.
import { existsSync, readFileSync, readdirSync } from "node:fs";

export function processTreeCpuMs(pid: number): number {
  if (!existsSync(`/proc/${pid}/task`)) return Number.NaN;
  let ns = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += taskCpuNs(pid, task);
      const children = readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim();
      for (const child of children ? children.split(" ") : []) ns += (processTreeCpuMs(Number(child)) || 0) * 1e6;
    } catch {
      // the thread ended between the listing and the read: its time is no longer counted here
    }
  }
  return ns / 1e6;
}

/** CPU time of the process's main thread alone (its JavaScript; the rest of the tree is mostly the collector's helpers). */
export function mainThreadCpuMs(pid: number): number {
  try {
    return taskCpuNs(pid, pid) / 1e6;
  } catch {
    return Number.NaN;
  }
}

/** A thread's time on a CPU so far, in nanoseconds (the first field of its schedstat); throws once it has ended. */
function taskCpuNs(pid: number, task: number | string): number {
  return Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, "utf8").split(" ")[0]);
}
