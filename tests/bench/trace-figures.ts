// Figure 5: what the trace explorer adds over calling the gateway directly. Each run reads block ranges
// no earlier run read (shifted by the run number), so Preflight's cache of finalized windows never answers.
import type { BenchSeedSummary } from "@/lib/dev/gateway/bench-seed";
import { median, repeat, type Figure } from "./lib/figures";
import { ensureBenchBuild, PASSTHROUGH_PATH } from "./lib/bench-build";
import { startBenchGateway, startBenchPreflight, stopAll, type Running } from "./lib/services";

const WINDOW = 800;
const PAGE = 200;

/** What each side answered with (Content-Encoding), so the note says whether either compressed. */
const encodings = { direct: new Set<string>(), preflight: new Set<string>() };

async function traceFilter(gateway: string, filter: Record<string, unknown>): Promise<unknown[]> {
  const response = await fetch(`${gateway}/v1/anvil`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "trace_filter", params: [filter] }),
  });
  encodings.direct.add(response.headers.get("content-encoding") ?? "none");
  const body = (await response.json()) as { result?: unknown[]; error?: { message: string } };
  if (!body.result) throw new Error(`trace_filter failed: ${body.error?.message ?? response.status}`);
  return body.result;
}

const hex = (n: number) => `0x${n.toString(16)}`;

/** One window read as a script would, page by page with after/count, like the gateway requires. */
async function windowByPages(gateway: string, fromBlock: number, toBlock: number): Promise<number> {
  let traces = 0;
  for (let after = 0; ; after += PAGE) {
    const page = await traceFilter(gateway, { fromBlock: hex(fromBlock), toBlock: hex(toBlock), after, count: PAGE });
    traces += page.length;
    if (page.length < PAGE) return traces;
  }
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

/** As fetch (and a browser) asks by default, gzip accepted; `identity`: asking for no compression at all. */
async function preflightTraces(
  preflight: string,
  fromBlock: number,
  toBlock: number,
  encoding?: "identity",
): Promise<{ traces: unknown[]; windows: number; cachedWindows: number }> {
  const response = await fetch(`${preflight}/api/traces`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(encoding ? { "Accept-Encoding": encoding } : {}) },
    body: JSON.stringify({ fromBlock, toBlock }),
  });
  if (!response.ok) throw new Error(`POST /api/traces answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  if (!encoding) encodings.preflight.add(response.headers.get("content-encoding") ?? "none");
  return (await response.json()) as { traces: unknown[]; windows: number; cachedWindows: number };
}

/**
 * The bench build's bare Next route: the gateway's answer passed through, unchecked; `check`: every record
 * checked by Preflight's answer parser while it arrives, only checked records sent (the check's floor).
 */
async function passthroughTraces(preflight: string, fromBlock: number, toBlock: number, check = false): Promise<unknown[]> {
  const response = await fetch(`${preflight}${PASSTHROUGH_PATH}${check ? "?check" : ""}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ fromBlock, toBlock }),
  });
  const body = (await response.json()) as { result?: unknown[] };
  if (!body.result) throw new Error(`the passthrough answered ${response.status} without a result`);
  return body.result;
}

/**
 * `wideRange`: blocks of the windowed read (10,000 in the full run; the chain is extended to hold them).
 * `passthrough`: serve Preflight from the bench build, which also holds the bare passthrough route.
 */
export async function traceOverhead(options: { runs: number; wideRange: number; passthrough: boolean }): Promise<Figure[]> {
  const WIDE_RANGE = options.wideRange;
  let gateway: Running | undefined;
  let preflight: Running | undefined;
  try {
    // The default chain has about 2,400 blocks: add what the wide range and its per-run shifts need.
    // The bench build (when stale) and the gateway's seeding at once: both take minutes.
    const built = options.passthrough ? ensureBenchBuild() : Promise.resolve(undefined);
    const started = startBenchGateway({ tailBlocks: Math.max(0, WIDE_RANGE + 8 * options.runs - 2_400) });
    gateway = await started.finally(() => built.catch(() => undefined));
    const dir = await built;
    preflight = dir ? await startBenchPreflight({}, { dir }) : await startBenchPreflight();
    const seed = (await (await fetch(`${gateway.url}/__gateway/seed`)).json()) as { bench?: BenchSeedSummary };
    if (!seed.bench) throw new Error("the demo gateway was not started with the benchmark seed");
    const { denseFromBlock } = seed.bench;
    const g = gateway.url;
    const p = preflight.url;
    // Warm both paths on a dense window no run reads (shift 0): the first parse of 2,000 traces compiles
    // the server's validators, as it would once in a long-running server.
    const denseWindow = (shift: number) => ({
      fromBlock: denseFromBlock - WINDOW / 2 + shift,
      toBlock: denseFromBlock + WINDOW / 2 - 1 + shift,
    });
    await traceFilter(g, { fromBlock: hex(denseWindow(0).fromBlock), toBlock: hex(denseWindow(0).toBlock) });
    await preflightTraces(p, denseWindow(0).fromBlock, denseWindow(0).toBlock);
    if (options.passthrough) {
      await passthroughTraces(p, denseWindow(0).fromBlock, denseWindow(0).toBlock);
      await passthroughTraces(p, denseWindow(0).fromBlock, denseWindow(0).toBlock, true);
    }

    // One run: ROUNDS rounds of the four reads on fresh windows, each read first in turn (16: each of the four first
    // equally often), the median ratio of them (a single round on this shared machine swings by 2× either way). With 7
    // a run, one build's runs ranged from 1.07× to 1.27× over the passthrough; with 15 or more, by about a tenth.
    const ROUNDS = 16;
    const dense = await repeat(options.runs, async (run) => {
      const rounds: Array<{
        ratio: number;
        overPassthrough: number;
        uncompressedRatio: number;
        traces: number;
        direct: number;
        preflight: number;
        passthrough: number;
        checkFloor: number;
        overChecked: number;
        checked: number;
        uncompressed: number;
      }> = [];
      for (let round = 0; round < ROUNDS; round++) {
        const { fromBlock, toBlock } = denseWindow(1 + 2 * (run * ROUNDS + round));
        // The same read uncompressed, on the next window (Preflight may keep a window it has read).
        const next = denseWindow(2 + 2 * (run * ROUNDS + round));
        const uncompressed = await timed(() => preflightTraces(p, next.fromBlock, next.toBlock, "identity"));
        // The reads of one window (direct, Preflight, and with the bench build both passthroughs) one after another,
        // each first in turn (none always after the same one).
        const reads = [
          () => timed(() => traceFilter(g, { fromBlock: hex(fromBlock), toBlock: hex(toBlock) })),
          () => timed(async () => (await preflightTraces(p, fromBlock, toBlock)).traces),
          ...(options.passthrough
            ? [
                () => timed(() => passthroughTraces(p, fromBlock, toBlock)),
                () => timed(() => passthroughTraces(p, fromBlock, toBlock, true)),
              ]
            : []),
        ];
        const times: Array<{ ms: number; value: unknown[] }> = [];
        for (let i = 0; i < reads.length; i++) {
          const which = (i + round) % reads.length;
          times[which] = await reads[which]!();
        }
        type Read = (typeof times)[number];
        const [d, v, t, c] = times as [Read, Read, Read | undefined, Read | undefined];
        if (v.value.length !== d.value.length) throw new Error(`Preflight returned ${v.value.length} traces, the node ${d.value.length}`);
        for (const [name, read] of [
          ["passthrough", t],
          ["checked passthrough", c],
        ] as const)
          if (read && read.value.length !== d.value.length)
            throw new Error(`the ${name} returned ${read.value.length} traces, the node ${d.value.length}`);
        rounds.push({
          ratio: v.ms / d.ms,
          overPassthrough: t ? v.ms / t.ms : Number.NaN,
          uncompressedRatio: uncompressed.ms / d.ms,
          traces: d.value.length,
          direct: d.ms,
          preflight: v.ms,
          passthrough: t?.ms ?? Number.NaN,
          checkFloor: t && c ? c.ms / t.ms : Number.NaN,
          overChecked: c ? v.ms / c.ms : Number.NaN,
          checked: c?.ms ?? Number.NaN,
          uncompressed: uncompressed.ms,
        });
      }
      const mid = (pick: (round: (typeof rounds)[number]) => number) => median(rounds.map(pick));
      return {
        ratio: mid((x) => x.ratio),
        overPassthrough: mid((x) => x.overPassthrough),
        passthrough: mid((x) => x.passthrough),
        checkFloor: mid((x) => x.checkFloor),
        overChecked: mid((x) => x.overChecked),
        checked: mid((x) => x.checked),
        uncompressedRatio: mid((x) => x.uncompressedRatio),
        traces: rounds[0]!.traces,
        direct: mid((x) => x.direct),
        preflight: mid((x) => x.preflight),
        uncompressed: mid((x) => x.uncompressed),
      };
    });

    const wide = await repeat(options.runs, async (run) => {
      const fromBlock = 1 + (run + 1) * 7;
      const toBlock = fromBlock + WIDE_RANGE - 1;
      const viaPreflight = await timed(() => preflightTraces(p, fromBlock, toBlock));
      if (viaPreflight.value.cachedWindows !== 0) throw new Error("a benchmark window came from Preflight's cache");
      const sequential = await timed(async () => {
        let traces = 0;
        for (let start = fromBlock; start <= toBlock; start += WINDOW)
          traces += await windowByPages(g, start, Math.min(toBlock, start + WINDOW - 1));
        return traces;
      });
      if (sequential.value !== viaPreflight.value.traces.length)
        throw new Error(`windowed ${viaPreflight.value.traces.length} traces, sequential ${sequential.value}`);
      return {
        ratio: viaPreflight.ms / sequential.ms,
        windows: viaPreflight.value.windows,
        preflight: viaPreflight.ms,
        sequential: sequential.ms,
      };
    });

    const ms = (pick: (d: (typeof dense)[number]) => number) => median(dense.map(pick)).toFixed(0);
    const perWindow = `${dense[0]!.traces} traces in ${WINDOW} blocks, ${ROUNDS} windows a run`;
    return [
      ...(options.passthrough
        ? [
            {
              name: `5. POST /api/traces ÷ bare Next passthrough`,
              runs: dense.map((d) => d.overPassthrough),
              unit: "×",
              kind: "max" as const,
              budget: 1.1,
              note:
                `${perWindow}, direct, Preflight and both passthroughs in turn on each window, one bench build and server; ` +
                `Preflight ${ms((d) => d.preflight)} ms, passthrough ${ms((d) => d.passthrough)} ms; ` +
                `floor: checking every record costs ${median(dense.map((d) => d.checkFloor)).toFixed(2)}× (below)`,
            },
            {
              name: `5. floor: checked passthrough ÷ bare passthrough`,
              runs: dense.map((d) => d.checkFloor),
              unit: "×",
              kind: "info" as const,
              note:
                `the bare route with every record checked by Preflight's answer parser while it arrives, only checked ` +
                `records sent: ${ms((d) => d.checked)} ms`,
            },
            {
              name: `5. POST /api/traces ÷ checked passthrough`,
              runs: dense.map((d) => d.overChecked),
              unit: "×",
              kind: "max" as const,
              budget: 1.1,
              note: "what Preflight adds beyond the check: its operation layer (identity, slots, usage headers) and the window plan",
            },
          ]
        : []),
      {
        name: `5. POST /api/traces ÷ direct trace_filter (1 window)`,
        runs: dense.map((d) => d.ratio),
        unit: "×",
        kind: "info",
        note:
          `${perWindow}, gzip accepted as fetch does; ` +
          `answered with Content-Encoding ${[...encodings.direct].join("/")} by the node, ${[...encodings.preflight].join("/")} by Preflight; ` +
          `direct ${ms((d) => d.direct)} ms, Preflight ${ms((d) => d.preflight)} ms` +
          (options.passthrough ? `; passthrough ÷ direct ${median(dense.map((d) => d.passthrough / d.direct)).toFixed(2)}×` : ""),
      },
      {
        name: `5. the same, Accept-Encoding: identity`,
        runs: dense.map((d) => d.uncompressedRatio),
        unit: "×",
        kind: "info",
        note:
          `Preflight ${median(dense.map((d) => d.uncompressed)).toFixed(0)} ms, not interleaved ` +
          "(next start compresses pages, not route handler answers: with gzip accepted they are not compressed either)",
      },
      {
        name: `5. ${WIDE_RANGE}-block range windowed ÷ sequential`,
        runs: wide.map((w) => w.ratio),
        unit: "×",
        kind: "max",
        budget: 0.5,
        note:
          `${wide[0]!.windows} windows; Preflight ${median(wide.map((w) => w.preflight)).toFixed(0)} ms, ` +
          `one after another ${median(wide.map((w) => w.sequential)).toFixed(0)} ms`,
      },
    ];
  } finally {
    await stopAll(preflight, gateway);
  }
}
