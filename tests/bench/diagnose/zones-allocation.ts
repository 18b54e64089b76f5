// Diagnostic (`BENCH_PORT_BASE=4200 npx tsx --conditions=react-server tests/bench/diagnose/zones-allocation.ts [zones]`):
// the bytes Preflight's own code allocates per cached GET /api/zones and per GET /api/health, the route
// handlers called in this process without Next (so none of Next's routing is counted), from a sampling
// heap profile that keeps collected objects. Next's share of a request's ~270 KB is the rest.
import { Session } from "node:inspector/promises";
import { allocatedBytes, allocationSites, type SamplingNode } from "../lib/allocation-sites";
import { BENCH_PORTS, BENCH_TOKEN, startBenchSandbox, stopAll } from "../lib/services";

Object.assign(process.env, {
  SANDBOX_PORT: String(BENCH_PORTS.sandbox),
  SANDBOX_API_TOKEN: BENCH_TOKEN,
  CLOUDFLARE_API_TOKEN: "",
  ACCOUNT_RATE_LIMIT: "1000000",
  ACCOUNT_RATE_WINDOW_SECONDS: "300",
});
const zones = Number(process.argv[2] ?? 5000);
const sandbox = await startBenchSandbox({ zones, rateLimit: 0 });
try {
  const zonesRoute = await import("@/app/api/zones/route");
  const healthRoute = await import("@/app/api/health/route");
  const get = (route: { GET: (r: Request) => Promise<Response> }, path: string) =>
    route.GET(new Request(`http://127.0.0.1:${BENCH_PORTS.preflight}${path}`, { headers: { host: `127.0.0.1:${BENCH_PORTS.preflight}` } }));
  // The scan that fills the cache, as the page runs it.
  let answer = (await (await get(zonesRoute, "/api/zones?refresh=1")).json()) as { complete: boolean; cursor?: string };
  while (!answer.complete)
    answer = (await (await get(zonesRoute, `/api/zones?cursor=${encodeURIComponent(answer.cursor!)}`)).json()) as typeof answer;
  const session = new Session();
  session.connect();
  await session.post("HeapProfiler.enable");
  const N = 400;
  for (const [name, route, path] of [
    ["GET /api/zones (cached)", zonesRoute, "/api/zones"],
    ["GET /api/health", healthRoute, "/api/health"],
  ] as const) {
    for (let i = 0; i < 50; i++) await (await get(route, path)).arrayBuffer(); // warm
    await session.post("HeapProfiler.startSampling", {
      samplingInterval: 512,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
    let bytes = 0;
    for (let i = 0; i < N; i++) bytes += (await (await get(route, path)).arrayBuffer()).byteLength;
    const { profile } = (await session.post("HeapProfiler.stopSampling")) as unknown as { profile: { head: SamplingNode } };
    console.log(
      `${name}: ${(allocatedBytes(profile.head) / N / 1024).toFixed(1)} KB allocated per answer (handler, Request and Response included), ` +
        `body ${(bytes / N / 1024).toFixed(1)} KB`,
    );
    for (const [site, b] of allocationSites(profile.head).slice(0, 8))
      console.log(`  ${(b / N / 1024).toFixed(1).padStart(6)} KB  ${site}`);
  }
} finally {
  await stopAll(sandbox);
}
