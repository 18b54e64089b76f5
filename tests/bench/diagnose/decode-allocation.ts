// Diagnostic (`BENCH_PORT_BASE=4200 npx tsx --conditions=react-server tests/bench/diagnose/decode-allocation.ts [reads]`):
// the bytes POST /api/traces allocates per read of the dense 800-block window, decoded and undecoded, the route
// handler called in this process without Next, from a sampling heap profile that keeps collected objects; by the
// innermost function of Preflight's own code on the stack. What a decoded read allocates beyond the undecoded one
// is what its extra collections (figure 5d′'s helper threads) are made of.
import { Session } from "node:inspector/promises";
import type { BenchSeedSummary } from "@/lib/dev/gateway/bench-seed";
import { allocatedBytes, allocationSites, type SamplingNode } from "../lib/allocation-sites";
import { BENCH_PORTS, BENCH_TOKEN, startBenchGateway, stopAll } from "../lib/services";

Object.assign(process.env, {
  SANDBOX_PORT: String(BENCH_PORTS.sandbox),
  SANDBOX_API_TOKEN: BENCH_TOKEN,
  CLOUDFLARE_API_TOKEN: "",
  ETH_GATEWAY_URL: `http://127.0.0.1:${BENCH_PORTS.gateway}/v1/anvil`,
  ACCOUNT_RATE_LIMIT: "1000000",
  ACCOUNT_RATE_WINDOW_SECONDS: "300",
});
const READS = Number(process.argv[2] ?? 40);
const WARM = 30;
const WINDOW = 800;
const gateway = await startBenchGateway({ tailBlocks: WINDOW + 2 * READS + WARM + 8 });
try {
  const { denseFromBlock } = ((await (await fetch(`${gateway.url}/__gateway/seed`)).json()) as { bench: BenchSeedSummary }).bench;
  const route = await import("@/app/api/traces/route");
  // Each read one block further (Preflight keeps finalized windows), all of them around the dense blocks.
  let shift = -(WARM + 2 * READS) / 2;
  const read = async (decode: boolean) => {
    const fromBlock = denseFromBlock - WINDOW / 2 + shift++;
    const response = await route.POST(
      new Request(`http://127.0.0.1:${BENCH_PORTS.preflight}/api/traces`, {
        method: "POST",
        headers: { host: `127.0.0.1:${BENCH_PORTS.preflight}`, "content-type": "application/json" },
        body: JSON.stringify({ fromBlock, toBlock: fromBlock + WINDOW - 1, ...(decode ? { decode } : {}) }),
      }),
    );
    if (!response.ok) throw new Error(`POST /api/traces answered ${response.status}`);
    return (await response.arrayBuffer()).byteLength;
  };
  for (let i = 0; i < WARM; i++) await read(i % 2 === 1);
  const session = new Session();
  session.connect();
  await session.post("HeapProfiler.enable");
  for (const decode of [false, true]) {
    await session.post("HeapProfiler.startSampling", {
      samplingInterval: 1024,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
    let bytes = 0;
    for (let i = 0; i < READS; i++) bytes += await read(decode);
    const { profile } = (await session.post("HeapProfiler.stopSampling")) as unknown as { profile: { head: SamplingNode } };
    const name = decode ? "decoded" : "undecoded";
    console.log(
      `${name}: ${(allocatedBytes(profile.head) / READS / 1024).toFixed(0)} KB allocated per read, answer ${(bytes / READS / 1024).toFixed(0)} KB`,
    );
    for (const [site, b] of allocationSites(profile.head).slice(0, 12))
      console.log(`  ${(b / READS / 1024).toFixed(1).padStart(7)} KB  ${site}`);
  }
} finally {
  await stopAll(gateway);
}
// The local bucket's runtime (opened by the decoder) keeps the event loop alive.
process.exit(0);
