// Diagnostic (`npx tsx tests/bench/diagnose/zones-load.ts [zones] [seconds] [gzip]`): cached GET /api/zones
// and GET /api/health (the floor of one operation) at 50 connections in alternating windows, after one
// scan, as figure 6 measures them. PREFLIGHT_NODE_OPTIONS reaches the server. PROBE=1 preloads
// server-probe.mjs (GC and event-loop log in $PROBE_DIR) and then profiles 10 s of each operation alone.
import { alternatingLoad } from "../lib/alternating-load";
import { startBenchPreflight, startBenchSandbox, stopAll, type Running } from "../lib/services";
import { preflightScan } from "../scan/preflight-scan";

const zones = Number(process.argv[2] ?? 5000);
const seconds = Number(process.argv[3] ?? 30);
const headers: Record<string, string> = process.argv[4] === "gzip" ? { "accept-encoding": "gzip" } : {};
let sandbox: Running | undefined;
let preflight: Running | undefined;
try {
  sandbox = await startBenchSandbox({ zones, rateLimit: 0 });
  const probe = process.env.PROBE === "1" ? `--import file://${process.cwd()}/tests/bench/diagnose/server-probe.mjs` : "";
  const nodeOptions = [process.env.PREFLIGHT_NODE_OPTIONS ?? "", probe].join(" ").trim();
  preflight = await startBenchPreflight(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {});
  await preflightScan(preflight.url);
  const urls = [`${preflight.url}/api/zones`, `${preflight.url}/api/health`] as const;
  const serverPid = preflight.service.child.pid!;
  await alternatingLoad(urls, { windows: 1, seconds: 5, connections: 50, headers });
  console.log("warm; load starts", new Date().toISOString());
  const [z, h] = await alternatingLoad(urls, {
    windows: Math.max(1, Math.round(seconds / 5)),
    seconds: 5,
    connections: 50,
    headers,
    serverPid,
  });
  for (const [path, l] of [
    ["/api/zones", z],
    ["/api/health", h],
  ] as const) {
    const cpu = `server CPU ${l.cpuMsPerAnswer?.toFixed(2)} ms, load tool ${l.loaderCpuMsPerAnswer.toFixed(2)} ms per answer`;
    console.log(`${path}: p50 ${l.p50.toFixed(1)} ms, p99 ${l.p99.toFixed(1)} ms, ${l.requests} requests, errors ${l.errors}; ${cpu}`);
  }
  console.log(`ratio of p99s ${(z.p99 / h.p99).toFixed(2)}×`);
  if (probe) {
    for (const url of urls) {
      process.kill(serverPid, "SIGUSR2");
      await new Promise((resolve) => setTimeout(resolve, 500));
      const [alone, again] = await alternatingLoad([url, url], { windows: 1, seconds: 5, connections: 50, headers });
      process.kill(serverPid, "SIGUSR2");
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      console.log(
        `profiled ${url}: p50 ${alone.p50.toFixed(1)} ms, p99 ${alone.p99.toFixed(1)} ms, ${alone.requests + again.requests} requests`,
      );
    }
  }
} finally {
  await stopAll(preflight, sandbox);
}
