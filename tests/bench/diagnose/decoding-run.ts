// Diagnostic (`BENCH_PORT_BASE=4200 npx tsx --conditions=react-server tests/bench/diagnose/decoding-run.ts [windows]`):
// decodingRun alone, without a server, over the benchmark seed's dense 800-block window (figure 5d's): the window is
// read from the gateway once, through Preflight's parser, then decoded again and again as it arrives in a real read
// (17 chunks). Code reads answer that there is no code, so frames are decoded from the bundled interfaces or guessed:
// what it prints is the decoding's own CPU and allocation per window, beside the same run over records that carry no
// selector (the run's streaming alone). Figure 5d′ measures the same work inside `next start`, where collections and
// the other threads make one read's CPU swing by a third; this measures it to a few percent.
import { Session } from "node:inspector/promises";
import type { BenchSeedSummary } from "@/lib/dev/gateway/bench-seed";
import { NO_CODE } from "@/lib/decode/bytecode";
import type { DecodeDeps } from "@/lib/decode/decode-traces";
import { decodingRun } from "@/lib/decode/decoding-run";
import { readTraceAnswer } from "@/lib/gateway/answer-parser";
import type { TraceRecord } from "@/lib/gateway/trace-record";
import { allocatedBytes, allocationSites, type SamplingNode } from "../lib/allocation-sites";
import { startBenchGateway, stopAll } from "../lib/services";

const WINDOWS = Number(process.argv[2] ?? 400);
const WINDOW = 800;
/** About as many chunks as `next start` reads the gateway's 1.2 MB answer in. */
const CHUNKS = 17;
const deps: DecodeDeps = {
  abis: async () => new Map(),
  code: async () => ({ code: "0x", analysis: NO_CODE }),
  storage: async () => "0x",
};
const head = { windows: 1, complete: true, fromBlock: 0, toBlock: WINDOW - 1, cachedWindows: 0 };

const gateway = await startBenchGateway({ tailBlocks: WINDOW });
let records: readonly TraceRecord[];
try {
  const { denseFromBlock } = ((await (await fetch(`${gateway.url}/__gateway/seed`)).json()) as { bench: BenchSeedSummary }).bench;
  const fromBlock = denseFromBlock - WINDOW / 2;
  const hex = (n: number) => `0x${n.toString(16)}`;
  const response = await fetch(`${gateway.url}/v1/anvil`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "trace_filter",
      params: [{ fromBlock: hex(fromBlock), toBlock: hex(fromBlock + WINDOW - 1) }],
    }),
  });
  records = (await readTraceAnswer(response.body)).records ?? [];
} finally {
  await stopAll(gateway);
}
if (records.length === 0) throw new Error("the gateway answered no trace for the dense window");

/** One decoded read of `window`'s records, handed on in CHUNKS chunks with a turn of the event loop between them. */
async function decodeWindow(window: readonly TraceRecord[]): Promise<void> {
  const run = decodingRun(async (onTraces) => {
    const size = Math.ceil(window.length / CHUNKS);
    for (let to = size; to < window.length; to += size) {
      onTraces({ head, records: window, from: 0, to });
      await new Promise((resolve) => setImmediate(resolve));
    }
    onTraces({ head, records: window, from: 0, to: window.length });
    return { ...head, traces: window.slice() }; // as fetchTraces answers one call's records
  }, Promise.resolve(deps));
  await run(() => undefined);
}

const session = new Session();
session.connect();
await session.post("HeapProfiler.enable");
const withoutSelectors = records.map((record) => ({ ...record, hasSelector: false }));
for (const [name, window] of [
  ["decoded", records],
  ["no selector", withoutSelectors],
] as const) {
  for (let i = 0; i < WINDOWS / 2; i++) await decodeWindow(window); // optimized as a long-running server's
  const started = process.cpuUsage();
  for (let i = 0; i < WINDOWS; i++) await decodeWindow(window);
  const cpu = process.cpuUsage(started);
  await session.post("HeapProfiler.startSampling", {
    samplingInterval: 256,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  for (let i = 0; i < WINDOWS / 4; i++) await decodeWindow(window);
  const { profile } = (await session.post("HeapProfiler.stopSampling")) as unknown as { profile: { head: SamplingNode } };
  const selectors = window.filter((record) => record.hasSelector).length;
  console.log(
    `${name}: ${window.length} records, ${selectors} with a selector: ${((cpu.user + cpu.system) / 1000 / WINDOWS).toFixed(3)} ms ` +
      `of CPU and ${(allocatedBytes(profile.head) / (WINDOWS / 4) / 1024).toFixed(0)} KB allocated per window`,
  );
  for (const [site, bytes] of allocationSites(profile.head).slice(0, 10))
    console.log(`  ${(bytes / (WINDOWS / 4) / 1024).toFixed(1).padStart(7)} KB  ${site}`);
}
process.exit(0);
