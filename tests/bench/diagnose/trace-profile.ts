// Diagnostic (`npx tsx tests/bench/diagnose/trace-profile.ts`): where POST /api/traces spends the server's CPU
// beyond the bench build's bare passthrough (figure 5's floor). The bench build runs under --cpu-prof; READS fresh
// dense windows through Preflight, then READS through the passthrough; the profile's samples are split by the
// moments each side began and ended, and each side's self time printed by function, per read. COMPARE=decode sets
// Preflight's decoded read (figure 5d′) against its undecoded one instead.
import { readdirSync, readFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BenchSeedSummary } from "@/lib/dev/gateway/bench-seed";
import { ensureBenchBuild, PASSTHROUGH_PATH } from "../lib/bench-build";
import { processTreeCpuMs } from "../lib/process-cpu";
import { startBenchGateway, startBenchPreflight, stopAll, type Running } from "../lib/services";

const READS = Number(process.env.READS ?? 40);
const WINDOW = 800;
const PAUSE_MS = 500;
/** The two sides, as [label, path, decode]: the first is "Preflight" in the tables, the second its reference. */
const SIDES =
  process.env.COMPARE === "decode"
    ? ([
        ["decoded", "/api/traces", true],
        ["undecoded", "/api/traces", false],
      ] as const)
    : ([
        ["Preflight", "/api/traces", false],
        ["passthrough", PASSTHROUGH_PATH, false],
      ] as const);
const [A, B] = [SIDES[0][0], SIDES[1][0]];
interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

async function main() {
  const profiles = mkdtempSync(join(tmpdir(), "trace-prof-"));
  const dir = await ensureBenchBuild();
  let gateway: Running | undefined;
  let preflight: Running | undefined;
  const cpu: Record<string, number> = {};
  /** Each side's first and last moment, in µs of the monotonic clock. */
  const marks: Record<string, [number, number]> = {};
  const now = () => Number(process.hrtime.bigint() / 1000n);
  try {
    gateway = await startBenchGateway({ tailBlocks: WINDOW + 4 * READS + 8 });
    preflight = await startBenchPreflight({}, { dir, nodeFlags: ["--cpu-prof", `--cpu-prof-dir=${profiles}`] });
    const { denseFromBlock } = ((await (await fetch(`${gateway.url}/__gateway/seed`)).json()) as { bench: BenchSeedSummary }).bench;
    const pid = preflight.service.child.pid!;
    const read = async (path: string, shift: number, decode = false) => {
      const fromBlock = denseFromBlock - WINDOW / 2 + shift;
      const response = await fetch(`${preflight!.url}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ fromBlock, toBlock: fromBlock + WINDOW - 1, ...(decode ? { decode } : {}) }),
      });
      await response.arrayBuffer();
    };
    // Warm-up: both routes compiled and their first parse done before the profile's halves count.
    for (let i = 0; i < 4; i++) await read(SIDES[i % 2]![1], 2 * READS + i, SIDES[i % 2]![2]);
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    for (const [index, [side, path, decode]] of SIDES.entries()) {
      const offset = index * READS;
      const before = processTreeCpuMs(pid);
      const from = now();
      for (let i = 0; i < READS; i++) await read(path, offset + i, decode);
      marks[side] = [from, now()];
      cpu[side] = (processTreeCpuMs(pid) - before) / READS;
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    }
    console.log(`server CPU a read: ${A} ${cpu[A]!.toFixed(1)} ms, ${B} ${cpu[B]!.toFixed(1)} ms`);
  } finally {
    await stopAll(preflight, gateway);
  }
  for (const file of readdirSync(profiles).filter((f) => f.endsWith(".cpuprofile"))) {
    const profile = JSON.parse(readFileSync(join(profiles, file), "utf8")) as {
      nodes: Node[];
      samples: number[];
      timeDeltas: number[];
      startTime: number;
    };
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    // Each sample's time on the monotonic clock the marks were read from (V8's and process.hrtime's on Linux).
    let t = profile.startTime;
    const times = profile.timeDeltas.map((delta) => (t += delta));
    const index = (us: number) => times.findIndex((time) => time >= us);
    const halves = {
      first: [index(marks[A]![0]), index(marks[A]![1])],
      second: [index(marks[B]![0]), index(marks[B]![1])],
    } as const;
    const bySide = (from: number, to: number) => {
      const byFunction = new Map<string, number>();
      for (let i = from; i < to; i++) {
        const node = nodes.get(profile.samples[i]!)!;
        if (node.callFrame.functionName === "(idle)") continue;
        const url = node.callFrame.url.replace(/^.*\/(\.next|node_modules)\//, "$1/");
        const name = `${node.callFrame.functionName || "(anonymous)"} ${url}:${node.callFrame.lineNumber}`;
        byFunction.set(name, (byFunction.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0));
      }
      return byFunction;
    };
    const pre = bySide(...halves.first);
    const pass = bySide(...halves.second);
    const total = (map: Map<string, number>) => [...map.values()].reduce((a, b) => a + b, 0) / 1000 / READS;
    console.log(`\n${file}: profiled self time a read, ${A} ${total(pre).toFixed(1)} ms, ${B} ${total(pass).toFixed(1)} ms`);
    // By where the code lives: Preflight's bundle (.next/server/chunks), Next, Node's internals, the rest.
    const category = (name: string) => {
      const url = name.slice(name.indexOf(" ") + 1);
      if (url.startsWith(".next/")) return "the app's bundle (Preflight, zod, viem…)";
      if (url.startsWith("node_modules/next/")) return "Next";
      if (url.startsWith("node:")) return "Node's JavaScript";
      if (name.startsWith("(garbage collector)")) return "garbage collector";
      return url.startsWith(":") ? `native: ${name.slice(0, name.indexOf(" "))}` : "other packages";
    };
    const byCategory = (map: Map<string, number>) => {
      const sums = new Map<string, number>();
      for (const [name, us] of map) sums.set(category(name), (sums.get(category(name)) ?? 0) + us / 1000 / READS);
      return sums;
    };
    const [preByCategory, passByCategory] = [byCategory(pre), byCategory(pass)];
    console.log(`  ${A.padStart(9)}  ${B.padStart(11)}  where (ms a read)`);
    for (const name of [...new Set([...preByCategory.keys(), ...passByCategory.keys()])].sort(
      (a, b) => (preByCategory.get(b) ?? 0) - (preByCategory.get(a) ?? 0),
    ))
      console.log(
        `  ${(preByCategory.get(name) ?? 0).toFixed(2).padStart(9)}  ${(passByCategory.get(name) ?? 0).toFixed(2).padStart(11)}  ${name}`,
      );
    const names = new Set([...pre.keys(), ...pass.keys()]);
    const rows = [...names]
      .map((name) => ({ name, pre: (pre.get(name) ?? 0) / 1000 / READS, pass: (pass.get(name) ?? 0) / 1000 / READS }))
      .sort((a, b) => b.pre - b.pass - (a.pre - a.pass))
      .slice(0, 25);
    console.log(`  ${A.padStart(9)}  ${B.padStart(11)}  difference  function (ms a read)`);
    for (const row of rows)
      console.log(
        `  ${row.pre.toFixed(2).padStart(9)}  ${row.pass.toFixed(2).padStart(11)}  ${(row.pre - row.pass).toFixed(2).padStart(10)}  ${row.name}`,
      );
  }
  console.log(`\nprofiles in ${profiles}`);
}

void main();
