// Diagnostic (`npx tsx tests/bench/diagnose/zones-load.ts [zones] [seconds]`): cached GET /api/zones
// under 50 connections next to GET /api/health (the floor of one operation), after one scan.
import autocannon from "autocannon";
import { startBenchPreflight, startBenchSandbox, stopAll, type Running } from "../lib/services";
import { preflightScan } from "../scan/preflight-scan";

const zones = Number(process.argv[2] ?? 5000);
const seconds = Number(process.argv[3] ?? 10);
let sandbox: Running | undefined;
let preflight: Running | undefined;
try {
  sandbox = await startBenchSandbox({ zones, rateLimit: 0 });
  preflight = await startBenchPreflight(process.env.PREFLIGHT_NODE_OPTIONS ? { NODE_OPTIONS: process.env.PREFLIGHT_NODE_OPTIONS } : {});
  await preflightScan(preflight.url);
  for (const path of ["/api/health", "/api/zones", "/api/zones"]) {
    const result = await autocannon({ url: `${preflight.url}${path}`, connections: 50, duration: seconds });
    console.log(`${path}: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.requests.average} req/s, errors ${result.errors + result.timeouts + result.non2xx}`);
  }
} finally {
  await stopAll(preflight, sandbox);
}
