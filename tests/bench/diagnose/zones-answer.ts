// Diagnostic (`npx tsx tests/bench/diagnose/zones-answer.ts [zones]`): a warm server on a large account, then what one cached GET /api/zones costs.
import { startBenchPreflight, startBenchSandbox, stopAll } from "../lib/services";
import { preflightScan } from "../scan/preflight-scan";

const zones = Number(process.argv[2] ?? 5000);
const sandbox = await startBenchSandbox({ zones, rateLimit: 0 });
const preflight = await startBenchPreflight();
try {
  const scan = await preflightScan(preflight.url);
  console.log("scan", Math.round(scan.ms), "ms", scan.requests, "requests");
  for (let i = 0; i < 8; i++) {
    const t = performance.now();
    const r = await fetch(`${preflight.url}/api/zones`, { headers: { "accept-encoding": i % 2 ? "gzip" : "identity" } });
    const body = await r.arrayBuffer();
    console.log(
      i % 2 ? "gzip" : "identity",
      r.status,
      body.byteLength,
      "bytes",
      (performance.now() - t).toFixed(1),
      "ms",
      r.headers.get("content-encoding"),
    );
  }
  if (process.argv[3] === "wait") await new Promise((r) => setTimeout(r, 120_000));
} finally {
  await stopAll(preflight, sandbox);
}
