// Figure 5d: what decoding adds to a trace read. The same dense 800-block windows read through POST
// /api/traces with and without `decode: true`, in alternating order, each read on a window no earlier
// read covered (Preflight keeps finalized windows), so both sides read the gateway every time. Beside the
// wall-clock ratio, the server's own CPU per read (its process tree's, from /proc): on a shared machine the
// wall ratio moves with other people's load, the CPU ratio much less.
import { loadavg } from "node:os";
import type { BenchSeedSummary } from "@/lib/dev/gateway/bench-seed";
import { median, repeat, type Figure } from "./lib/figures";
import { mainThreadCpuMs, processTreeCpuMs } from "./lib/process-cpu";
import { startBenchGateway, startBenchPreflight, stopAll, type Running } from "./lib/services";

const WINDOW = 800;
// A read costs about 20 ms of server CPU, and one collection landing in it moves a pair's ratio by a third:
// 15 pairs a run keep the median steady where 7 ranged from 1.05× to 1.66× between runs of one build.
const PAIRS = 15;
/** Warm-up pairs on windows no run reads: until the decoded path's code is optimized as a long-running server's. */
const WARM_PAIRS = 3;

async function read(
  preflight: string,
  fromBlock: number,
  toBlock: number,
  decode: boolean,
  pid?: number,
): Promise<{ ms: number; cpuMs: number; mainMs: number; traces: number; decoded: number }> {
  const cpuBefore = pid ? processTreeCpuMs(pid) : Number.NaN;
  const mainBefore = pid ? mainThreadCpuMs(pid) : Number.NaN;
  const started = performance.now();
  const response = await fetch(`${preflight}/api/traces`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ fromBlock, toBlock, ...(decode ? { decode } : {}) }),
  });
  if (!response.ok) throw new Error(`POST /api/traces answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  const body = (await response.json()) as { traces: Array<{ decoded?: unknown }> };
  const ms = performance.now() - started;
  return {
    ms,
    cpuMs: pid ? processTreeCpuMs(pid) - cpuBefore : Number.NaN,
    mainMs: pid ? mainThreadCpuMs(pid) - mainBefore : Number.NaN,
    traces: body.traces.length,
    decoded: body.traces.filter((t) => t.decoded).length,
  };
}

export async function decodeOverhead(options: { runs: number }): Promise<Figure[]> {
  let gateway: Running | undefined;
  let preflight: Running | undefined;
  try {
    // Each read shifts its window by one block, from half the reads before the centred window to half after it:
    // a window moved further one way loses the default seed's traces, the other way the dense ones.
    const reads = 2 * (WARM_PAIRS + PAIRS * options.runs);
    gateway = await startBenchGateway({ tailBlocks: WINDOW + reads });
    preflight = await startBenchPreflight();
    const seed = (await (await fetch(`${gateway.url}/__gateway/seed`)).json()) as { bench?: BenchSeedSummary };
    if (!seed.bench) throw new Error("the demo gateway was not started with the benchmark seed");
    const { denseFromBlock } = seed.bench;
    const window = (index: number) => ({
      fromBlock: denseFromBlock - WINDOW / 2 + index - reads / 2,
      toBlock: denseFromBlock + WINDOW / 2 - 1 + index - reads / 2,
    });
    const p = preflight.url;
    const pid = preflight.service.child.pid;
    const load = loadavg()[0]!;
    // Warm-up on windows no run reads: the server's first parses, and the code of the dense blocks' contracts read
    // as a long-running server keeps it.
    let warm = { decoded: 0 };
    for (let shift = 0; shift < 2 * WARM_PAIRS; shift += 2) {
      await read(p, window(shift).fromBlock, window(shift).toBlock, false);
      warm = await read(p, window(shift + 1).fromBlock, window(shift + 1).toBlock, true);
    }
    if (warm.decoded === 0) throw new Error("decode: true decoded no trace of the dense window");
    const runs = await repeat(options.runs, async (run) => {
      const pairs: Array<{
        ratio: number;
        cpuRatio: number;
        plain: number;
        decoded: number;
        plainCpu: number;
        decodedCpu: number;
        mainRatio: number;
        traces: number;
      }> = [];
      for (let pair = 0; pair < PAIRS; pair++) {
        const shift = 2 * (WARM_PAIRS + run * PAIRS + pair);
        const plain = () => read(p, window(shift).fromBlock, window(shift).toBlock, false, pid);
        const decoded = () => read(p, window(shift + 1).fromBlock, window(shift + 1).toBlock, true, pid);
        let a: Awaited<ReturnType<typeof plain>>;
        let b: Awaited<ReturnType<typeof decoded>>;
        if (pair % 2 === 0) {
          a = await plain();
          b = await decoded();
        } else {
          b = await decoded();
          a = await plain();
        }
        if (a.traces !== b.traces) throw new Error(`undecoded ${a.traces} traces, decoded ${b.traces}`);
        pairs.push({
          ratio: b.ms / a.ms,
          cpuRatio: b.cpuMs / a.cpuMs,
          plain: a.ms,
          decoded: b.ms,
          plainCpu: a.cpuMs,
          decodedCpu: b.cpuMs,
          mainRatio: b.mainMs / a.mainMs,
          traces: a.traces,
        });
      }
      return {
        ratio: median(pairs.map((x) => x.ratio)),
        cpuRatio: median(pairs.map((x) => x.cpuRatio)),
        plainCpu: median(pairs.map((x) => x.plainCpu)),
        decodedCpu: median(pairs.map((x) => x.decodedCpu)),
        mainRatio: median(pairs.map((x) => x.mainRatio)),
        plain: median(pairs.map((x) => x.plain)),
        decoded: median(pairs.map((x) => x.decoded)),
        traces: pairs[0]!.traces,
      };
    });
    return [
      {
        name: `5d. POST /api/traces decode: true ÷ undecoded (${WINDOW}-block window)`,
        runs: runs.map((r) => r.ratio),
        unit: "×",
        kind: "max",
        budget: 1.3,
        note:
          `${runs[0]!.traces} traces (${warm.decoded} of them with a selector to decode), ${PAIRS} pairs a run; ` +
          `undecoded ${median(runs.map((r) => r.plain)).toFixed(0)} ms, decoded ${median(runs.map((r) => r.decoded)).toFixed(0)} ms; ` +
          "code read once in the warm-up (the demo node keeps no old state: at the latest block, kept a minute)",
      },
      {
        name: `5d′. server CPU per read, decoded ÷ undecoded`,
        runs: runs.map((r) => r.cpuRatio),
        unit: "×",
        kind: "max",
        budget: 1.3,
        note:
          `server process tree CPU (user + system), median of ${PAIRS} alternating pairs a run: undecoded ` +
          `${median(runs.map((r) => r.plainCpu)).toFixed(0)} ms, decoded ${median(runs.map((r) => r.decodedCpu)).toFixed(0)} ms; ` +
          // The tree's CPU holds the collector's helper threads: the main thread's own ratio says how much is JavaScript.
          `main thread alone ${median(runs.map((r) => r.mainRatio)).toFixed(2)}× (runs ${runs.map((r) => r.mainRatio.toFixed(2)).join(", ")}); ` +
          `load average ${load.toFixed(1)} at the start`,
      },
    ];
  } finally {
    await stopAll(preflight, gateway);
  }
}
