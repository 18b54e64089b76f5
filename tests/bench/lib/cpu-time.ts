// CPU time a process and its descendants have used (user + system, from /proc; Linux), to divide by the
// answers it gave: unlike latency, it hardly moves when other work shares the cores.
import { readFileSync } from "node:fs";
import { descendants } from "./rss";

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

function ticks(pid: number): number {
  try {
    // The command name (field 2) may hold spaces: the fields counted after its closing parenthesis.
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return Number(fields[11]) + Number(fields[12]); // utime and stime, fields 14 and 15
  } catch {
    return 0;
  }
}

/** Milliseconds of CPU used so far by `pid` and its descendants (a child that exited no longer counts). */
export function treeCpuMs(pid: number): number {
  return ([pid, ...descendants(pid)].reduce((sum, p) => sum + ticks(p), 0) * 1000) / TICKS_PER_SECOND;
}
