// Wall and CPU time of each `npm test` step. CPU time is what stays honest on a machine other people load: wall time
// grows with their load, the CPU seconds our own processes spend do not (much).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startService } from "@/lib/dev/launcher/processes";

/** Linux reports process times in clock ticks; 100 a second on every kernel Node supports. */
const TICKS_PER_SECOND = 100;

export interface ProcStat {
  pid: number;
  ppid: number;
  /** Own user+sys seconds. */
  own: number;
  /** User+sys seconds of the children it has waited for. */
  children: number;
}

/** Parses /proc/<pid>/stat: the command name may hold spaces and parentheses, so fields count from its last ")". */
export function parseProcStat(text: string): ProcStat | undefined {
  const close = text.lastIndexOf(")");
  if (close < 0) return undefined;
  const pid = Number(text.slice(0, text.indexOf(" ")));
  // Field 3 (state) is rest[0]: ppid is field 4, utime/stime 14/15, cutime/cstime 16/17.
  const rest = text.slice(close + 2).split(" ");
  const field = (n: number) => Number(rest[n - 3]);
  if (!Number.isFinite(pid) || rest.length < 15) return undefined;
  return {
    pid,
    ppid: field(4),
    own: (field(14) + field(15)) / TICKS_PER_SECOND,
    children: (field(16) + field(17)) / TICKS_PER_SECOND,
  };
}

function readStat(pid: number | "self"): ProcStat | undefined {
  try {
    return parseProcStat(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return undefined; // gone between listing and reading, or no /proc (not Linux)
  }
}

function allStats(): ProcStat[] {
  let names: string[];
  try {
    names = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  return names.map((name) => readStat(Number(name))).filter((stat): stat is ProcStat => stat !== undefined);
}

/**
 * Measures the CPU seconds a step's processes spend. The kernel adds a child's time to its parent's when the parent
 * waits for it, so the runner's own "children" figure holds every process reaped up the chain. A process whose parent
 * dies first (a web server a test runner kills by its process group) is reaped by init instead and would be missed:
 * a sampler watches our descendants and keeps the last figure of each one that is orphaned.
 */
export class StepCpu {
  private readonly startChildren: number;
  private readonly descendants = new Map<number, number>();
  private readonly orphans = new Map<number, number>();
  private readonly timer: NodeJS.Timeout;

  /** `root`: whose descendants to watch (the runner itself, or the shell `runMeasured` starts for one step). */
  constructor(
    sampleMs = 500,
    private readonly root = process.pid,
  ) {
    this.startChildren = readStat("self")?.children ?? 0;
    this.timer = setInterval(() => this.sample(), sampleMs);
    this.timer.unref();
  }

  private sample(): void {
    const stats = allStats();
    const byPid = new Map(stats.map((s) => [s.pid, s]));
    const isDescendant = (stat: ProcStat): boolean => {
      for (let ppid = stat.ppid, hops = 0; ppid > 1 && hops < 64; hops++) {
        if (ppid === this.root) return true;
        ppid = byPid.get(ppid)?.ppid ?? 0;
      }
      return false;
    };
    const total = (s: ProcStat) => s.own + s.children;
    for (const stat of stats) {
      if (isDescendant(stat)) this.descendants.set(stat.pid, total(stat));
      else if (this.descendants.has(stat.pid) || this.orphans.has(stat.pid)) {
        this.descendants.delete(stat.pid);
        this.orphans.set(stat.pid, total(stat));
      }
    }
  }

  /** Stops sampling; the step's CPU seconds: everything reaped through us, plus the orphans' last figures. */
  stop(): number {
    const orphaned = this.stopOrphans();
    return (readStat("self")?.children ?? this.startChildren) - this.startChildren + orphaned;
  }

  /** Stops sampling; the last figures of the descendants of `root` that were orphaned (init reaped them, not `root`). */
  stopOrphans(): number {
    this.sample();
    clearInterval(this.timer);
    let orphaned = 0;
    for (const seconds of this.orphans.values()) orphaned += seconds;
    return orphaned;
  }
}

export interface Measured {
  code: number;
  cpuSeconds: number;
}

/**
 * Runs a command to completion and measures it alone, so that steps running at the same time each get their own figure:
 * a shell waits for the command, then reads its own "children" figure; a sampler adds the shell's descendants that were
 * orphaned (web servers a test runner stops by process group), as StepCpu does for the runner.
 */
export async function runMeasured(command: string, args: string[], env?: Record<string, string | undefined>): Promise<Measured> {
  const dir = mkdtempSync(join(tmpdir(), "step-cpu-"));
  const statFile = join(dir, "stat");
  const script = '"$0" "$@"; code=$?; cat /proc/$$/stat > "$STEP_STAT_FILE"; exit $code';
  const shell = startService(command, "sh", ["-c", script, command, ...args], { env: { ...env, STEP_STAT_FILE: statFile } });
  const orphans = shell.child.pid === undefined ? undefined : new StepCpu(500, shell.child.pid);
  const code = await shell.exited;
  const orphaned = orphans?.stopOrphans() ?? 0;
  let cpuSeconds = 0;
  try {
    cpuSeconds = (parseProcStat(readFileSync(statFile, "utf8"))?.children ?? 0) + orphaned;
  } catch {
    // no /proc: the figure stays 0
  }
  rmSync(dir, { recursive: true, force: true });
  return { code, cpuSeconds };
}

export interface StepTime {
  name: string;
  wallSeconds: number;
  cpuSeconds: number;
  code: number | "not run";
}

/** The table `npm test` ends with: one row a step, then the totals (wall: from the first step's start to the last one's end). */
export function formatStepTable(steps: StepTime[], elapsedSeconds: number): string {
  const rows = steps.map((s) => [s.name, s.wallSeconds.toFixed(1), s.cpuSeconds.toFixed(1), s.code === 0 ? "ok" : String(s.code)]);
  const cpu = steps.reduce((sum, s) => sum + s.cpuSeconds, 0);
  rows.push(["total", elapsedSeconds.toFixed(1), cpu.toFixed(1), ""]);
  const header = ["step", "wall s", "CPU s", "result"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 || i === 3 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join("  ")
      .trimEnd();
  return [line(header), ...rows.map(line)].join("\n");
}
