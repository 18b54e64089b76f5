// Diagnostic (`npx tsx tests/bench/diagnose/trace-overhead.ts`): where POST /api/traces spends its time
// over a direct trace_filter call: each step of Preflight's path timed in-process on the dense window,
// then both end to end, interleaved, on ranges no earlier call read.
import { traceListSchema } from "@/lib/gateway/trace-schema";
import { startBenchGateway, startBenchPreflight, stopAll, type Running } from "../lib/services";

const hex = (n: number) => `0x${n.toString(16)}`;
const ms = (started: number) => (performance.now() - started).toFixed(1);
let gateway: Running | undefined;
let preflight: Running | undefined;
try {
  gateway = await startBenchGateway({ tailBlocks: 0 });
  preflight = await startBenchPreflight();
  const seed = (await (await fetch(`${gateway.url}/__gateway/seed`)).json()) as { bench: { denseFromBlock: number } };
  const window = (shift: number) => ({ fromBlock: seed.bench.denseFromBlock - 400 + shift, toBlock: seed.bench.denseFromBlock + 399 + shift });
  const direct = async (shift: number) => {
    const { fromBlock, toBlock } = window(shift);
    const response = await fetch(`${gateway!.url}/v1/anvil`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "trace_filter", params: [{ fromBlock: hex(fromBlock), toBlock: hex(toBlock) }] }) });
    return response.text();
  };
  const viaPreflight = async (shift: number) => {
    const response = await fetch(`${preflight!.url}/api/traces`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(window(shift)) });
    return response.text();
  };

  const text = await direct(0);
  for (let i = 0; i < 3; i++) {
    let t = performance.now();
    const body = JSON.parse(text) as { result: unknown[] };
    const parse = ms(t);
    t = performance.now();
    traceListSchema.safeParse(body.result);
    const validate = ms(t);
    t = performance.now();
    const out = JSON.stringify({ traces: body.result, windows: 1 });
    const stringify = ms(t);
    console.log(`in-process: ${(text.length / 1e6).toFixed(2)} MB, ${body.result.length} traces; parse ${parse} ms, zod ${validate} ms, stringify ${stringify} ms (${(out.length / 1e6).toFixed(2)} MB)`);
  }
  for (let shift = 1; shift <= 10; shift++) {
    let t = performance.now();
    await direct(shift * 2);
    const d = ms(t);
    t = performance.now();
    await viaPreflight(shift * 2 + 1);
    console.log(`end to end: direct ${d} ms, Preflight ${ms(t)} ms`);
  }
} finally {
  await stopAll(preflight, gateway);
}
