// Diagnostic (`npx tsx tests/bench/diagnose/trace-calls.ts`): what trace_filter calls cost the demo gateway, alone and at once.
import { startBenchGateway, stopAll } from "../lib/services";

const gateway = await startBenchGateway({ tailBlocks: 0 });
const hex = (n: number) => `0x${n.toString(16)}`;
const call = async (filter: Record<string, unknown>) => {
  const r = await fetch(`${gateway.url}/v1/anvil`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "trace_filter", params: [filter] }),
  });
  return ((await r.json()) as { result: unknown[] }).result;
};
const time = async (label: string, work: () => Promise<unknown>) => {
  const t = performance.now();
  const v = await work();
  console.log(label, (performance.now() - t).toFixed(0), "ms", Array.isArray(v) ? v.flat().length : "");
};
try {
  const seed = (await (await fetch(`${gateway.url}/__gateway/seed`)).json()) as { bench: { denseFromBlock: number; denseToBlock: number } };
  console.log(seed.bench);
  const from = seed.bench.denseFromBlock - 400 + 1,
    to = from + 799;
  for (let i = 0; i < 2; i++) {
    await time("whole window, no count", () => call({ fromBlock: hex(from), toBlock: hex(to) }));
    await time("whole window, count 200", () => call({ fromBlock: hex(from), toBlock: hex(to), count: 200 }));
    await time("dense part only", () => call({ fromBlock: hex(seed.bench.denseFromBlock), toBlock: hex(seed.bench.denseToBlock) }));
    const parts = 12,
      w = Math.ceil((seed.bench.denseToBlock - seed.bench.denseFromBlock + 1) / parts);
    await time("12 dense parts sequential", async () => {
      const out = [];
      for (let p = 0; p < parts; p++)
        out.push(
          await call({
            fromBlock: hex(seed.bench.denseFromBlock + p * w),
            toBlock: hex(Math.min(seed.bench.denseToBlock, seed.bench.denseFromBlock + p * w + w - 1)),
          }),
        );
      return out;
    });
    await time("12 dense parts, all at once", () =>
      Promise.all(
        Array.from({ length: parts }, (_, p) =>
          call({
            fromBlock: hex(seed.bench.denseFromBlock + p * w),
            toBlock: hex(Math.min(seed.bench.denseToBlock, seed.bench.denseFromBlock + p * w + w - 1)),
          }),
        ),
      ),
    );
    await time("empty 300 blocks", () => call({ fromBlock: hex(from), toBlock: hex(from + 299) }));
    await time("empty 10 blocks", () => call({ fromBlock: hex(from), toBlock: hex(from + 9) }));
  }
} finally {
  await stopAll(gateway);
}
