// CPU time a process and its descendants used so far (user + system, from /proc), so a figure on a shared
// machine can say what the server itself spent, which other engineers' load does not inflate as it does wall time.
import { existsSync, readFileSync, readdirSync } from "node:fs";

const TICK_MS = 10; // USER_HZ is 100 on Linux

export function processTreeCpuMs(pid: number): number {
  if (!existsSync(`/proc/${pid}/stat`)) return Number.NaN;
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command's closing parenthesis: utime is the 14th field, stime the 15th.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  let ms = (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    const children = readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim();
    for (const child of children ? children.split(" ") : []) ms += processTreeCpuMs(Number(child)) || 0;
  }
  return ms;
}
