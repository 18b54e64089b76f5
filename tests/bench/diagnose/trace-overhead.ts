// Diagnostic (`npx tsx tests/bench/diagnose/trace-overhead.ts`): where POST /api/traces spends its time
// over a direct trace_filter call. Each step of Preflight's path timed in-process on the dense window's
// real answer (cut into the 64 KB chunks a socket delivers), beside the steps it replaced; then end to
// end, interleaved, on ranges no earlier call read: direct, Preflight, and the floor of any extra hop
// (hop-floor.ts: plain Node fetching and sending the answer back, buffered or streamed, with and without
// the record check; Next passing the body through: the bench build's passthrough route and its variants).
import { AnswerParser } from "@/lib/gateway/answer-parser";
import { traceResultJson } from "@/lib/gateway/trace-answer";
import { traceListSchema } from "@/lib/gateway/trace-schema";
import { startService, waitForHttp } from "@/lib/dev/launcher/processes";
import { median } from "../lib/figures";
import { ensureBenchBuild, PASSTHROUGH_PATH } from "../lib/bench-build";
import { BENCH_PORTS, startBenchGateway, startBenchPreflight, stopAll, type Running } from "../lib/services";

const hex = (n: number) => `0x${n.toString(16)}`;
const since = (started: number) => performance.now() - started;
let gateway: Running | undefined;
let preflight: Running | undefined;
let hop: Running | undefined;
/** COMPARE_BUILD=<project dir>: that directory's build of Preflight too, timed in the same rounds. */
let other: Running | undefined;
try {
  gateway = await startBenchGateway({ tailBlocks: 0 });
  preflight = await startBenchPreflight({}, { dir: await ensureBenchBuild() });
  const compare = process.env.COMPARE_BUILD;
  if (compare) other = await startBenchPreflight({}, { dir: compare, port: BENCH_PORTS.preflight + 2 });
  const hopUrl = `http://127.0.0.1:${BENCH_PORTS.hop}`;
  const hopService = startService("hop floor", `${process.cwd()}/node_modules/.bin/tsx`, ["tests/bench/diagnose/hop-floor.ts"], {
    quiet: true,
    env: { HOP_PORT: String(BENCH_PORTS.hop), HOP_GATEWAY_URL: `${gateway.url}/v1/anvil` },
  });
  hop = { url: hopUrl, service: hopService };
  await waitForHttp(hopService, hopUrl, 30_000);
  const seed = (await (await fetch(`${gateway.url}/__gateway/seed`)).json()) as { bench: { denseFromBlock: number } };
  const window = (shift: number) => ({
    fromBlock: seed.bench.denseFromBlock - 400 + shift,
    toBlock: seed.bench.denseFromBlock + 399 + shift,
  });
  const direct = async (shift: number) => {
    const { fromBlock, toBlock } = window(shift);
    const response = await fetch(`${gateway!.url}/v1/anvil`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "trace_filter",
        params: [{ fromBlock: hex(fromBlock), toBlock: hex(toBlock) }],
      }),
    });
    return (await response.json()) as unknown;
  };
  const viaPreflight = async (shift: number) => {
    const response = await fetch(`${preflight!.url}/api/traces`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(window(shift)),
    });
    if (!response.ok) throw new Error(`POST /api/traces answered ${response.status}`);
    return { encoding: response.headers.get("content-encoding"), body: (await response.json()) as unknown };
  };

  const { fromBlock, toBlock } = window(0);
  const raw = new Uint8Array(
    await (
      await fetch(`${gateway.url}/v1/anvil`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "trace_filter",
          params: [{ fromBlock: hex(fromBlock), toBlock: hex(toBlock) }],
        }),
      })
    ).arrayBuffer(),
  );
  const chunks = Array.from({ length: Math.ceil(raw.length / 65_536) }, (_, i) => raw.slice(i * 65_536, (i + 1) * 65_536));
  const decoder = new TextDecoder();
  const steps: Record<string, number[]> = {};
  const time = <T>(name: string, work: () => T): T => {
    const started = performance.now();
    const value = work();
    (steps[name] ??= []).push(since(started));
    return value;
  };
  let zodChecked = 0;
  let traces = 0;
  for (let i = 0; i < 25; i++) {
    // Before: the answer read whole, parsed, every record checked by zod, the result serialized again.
    const text = time(
      "before: decode whole answer",
      () => chunks.map((chunk) => decoder.decode(chunk, { stream: true })).join("") + decoder.decode(),
    );
    const body = time("before: JSON.parse", () => JSON.parse(text) as { result: unknown[] });
    time("before: zod over every record", () => traceListSchema.safeParse(body.result));
    time("before: JSON.stringify answer", () =>
      JSON.stringify({ windows: 1, fromBlock, toBlock, cachedWindows: 0, traces: body.result, complete: true }),
    );
    // Now: records checked as the chunks arrive, the answer written from their bytes.
    const answer = time("now: read + check as chunks arrive", () => {
      const parser = new AnswerParser();
      for (const chunk of chunks) parser.push(chunk);
      return parser.finish();
    });
    time("now: write answer from record bytes", () =>
      traceResultJson({ windows: 1, fromBlock, toBlock, cachedWindows: 0, traces: answer.records!, complete: true }),
    );
    zodChecked = answer.zodChecked ?? 0;
    traces = answer.records!.length;
  }
  console.log(
    `in-process, ${(raw.length / 1e6).toFixed(2)} MB, ${traces} traces (${zodChecked} left to zod), median of 20 after 5 warm-up runs:`,
  );
  for (const [name, runs] of Object.entries(steps)) console.log(`  ${name.padEnd(40)} ${median(runs.slice(5)).toFixed(2)} ms`);

  const post = (url: string) => async (shift: number) => {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(window(shift)),
    });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return (await response.json()) as unknown;
  };
  const paths: Array<[string, (shift: number) => Promise<unknown>]> = [
    ["direct", direct],
    ["Preflight", viaPreflight],
    ["hop, buffered", post(`${hopUrl}/plain`)],
    ["hop, buffered+check", post(`${hopUrl}/check`)],
    ["hop, streamed", post(`${hopUrl}/stream`)],
    ["hop, streamed+check", post(`${hopUrl}/stream-check`)],
  ];
  if (other) paths.splice(2, 0, [`Preflight (${compare})`, post(`${other.url}/api/traces`)]);
  // Next's own cost: the bench build's passthrough route, bare and with the record check, streamed and buffered.
  const passthrough = `${preflight.url}${PASSTHROUGH_PATH}`;
  paths.push(
    ["Next, buffered", post(`${passthrough}?buffer`)],
    ["Next, buffered+check", post(`${passthrough}?buffer&check`)],
    ["Next, streamed", post(passthrough)],
    ["Next, streamed+check", post(`${passthrough}?check`)],
  );
  for (const [, call] of paths) await call(0);
  const times: Record<string, number[]> = Object.fromEntries(paths.map(([name]) => [name, []]));
  const ratios: Record<string, number[]> = Object.fromEntries(paths.map(([name]) => [name, []]));
  const rounds = Number(process.env.ROUNDS ?? 24);
  for (let round = 1; round <= rounds; round++) {
    // Each path in turn, in a rotating order, on the same window (past the chain's tip: never finalized, so
    // Preflight never answers it from its cache), one no earlier round read.
    const order = paths.map((_, i) => paths[(i + round) % paths.length]!);
    const took: Record<string, number> = {};
    for (const [name, call] of round % 2 ? order.reverse() : order) {
      const started = performance.now();
      await call(round * 8);
      took[name] = since(started);
    }
    for (const [name] of paths) {
      times[name]!.push(took[name]!);
      ratios[name]!.push(took[name]! / took.direct!);
    }
  }
  console.log(`end to end, median of ${rounds} rounds (÷ direct in the same round):`);
  for (const [name] of paths)
    console.log(`  ${name.padEnd(28)} ${median(times[name]!).toFixed(1)} ms  ${median(ratios[name]!).toFixed(2)}×`);
  // The check's own CPU inside each server (the same code, bundled by Next or run by tsx), on the same answers.
  const cpu: Record<string, number[]> = { "hop (tsx)": [], Next: [] };
  for (let round = 1; round <= 24; round++) {
    const shift = round * 8; // the windows the rounds read (neither server keeps anything)
    const readings = [
      [`hop (tsx)`, `${hopUrl}/cpu`],
      ["Next", `${passthrough}?cpu`],
    ];
    for (const [name, url] of readings) {
      const answer = (await post(url!)(shift)) as { checkMs: number; chunks: number };
      cpu[name!]!.push(answer.checkMs);
    }
  }
  for (const [name, runs] of Object.entries(cpu))
    if (runs.length)
      console.log(`  record check CPU in ${name.padEnd(10)} ${median(runs.slice(4)).toFixed(2)} ms (median of ${runs.length - 4})`);
  const { encoding } = await viaPreflight(300);
  console.log(`  Preflight's Content-Encoding with gzip accepted: ${encoding ?? "none"}`);
} finally {
  await stopAll(hop, other, preflight, gateway);
}
