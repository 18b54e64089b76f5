// `npm run test:edge`: builds for the edge runtime (OpenNext; prints the worker's gzipped size), then runs
// the e2e smoke part in Chromium against that build in local workerd and, at the same time, the two-isolate rate limit
// test on the same build (tests/edge/shared-limit/run.ts). Prints how long each part took.
import { randomBytes } from "node:crypto";
import { run } from "@/lib/dev/launcher/processes";

const bin = (name: string) => `node_modules/.bin/${name}`;
// The same token while building and testing, as in `npm test`: the leak check looks for this exact string.
const token = process.env.E2E_API_TOKEN || `preflight-e2e-${randomBytes(12).toString("hex")}`;
const env = { NEXT_TELEMETRY_DISABLED: "1", WRANGLER_SEND_METRICS: "false", E2E_API_TOKEN: token, SANDBOX_API_TOKEN: token };

async function main() {
  const started = Date.now();
  const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(0)} s`;
  if (!process.argv.includes("--no-build")) {
    // `npm test` has built .next as OpenNext would (standalone): only OpenNext's own bundling is left to do.
    const reuse = process.argv.includes("--reuse-next-build") ? ["--", "--skipNextBuild"] : [];
    const code = await run("npm", ["run", "build:edge", ...reuse], env);
    console.log(`build:edge ${code === 0 ? "done" : "failed"} in ${seconds(started)}`);
    if (code !== 0) process.exit(code);
  }
  // Side by side: the two-isolate test spends most of its time waiting on the rate limit it proves (over two 30 s
  // windows), on ports of its own, so the smoke specs use the cores meanwhile. Its wall-time check keeps a wide margin.
  const parts = Date.now();
  const [code, limitCode] = await Promise.all([
    run(bin("playwright"), ["test", "-c", "playwright.edge.config.ts"], env).then((exit) => {
      console.log(`Edge smoke e2e ${exit === 0 ? "passed" : "failed"} in ${seconds(parts)}`);
      return exit;
    }),
    run(bin("tsx"), ["tests/edge/shared-limit/run.ts"], env).then((exit) => {
      console.log(`Two-isolate rate limit test ${exit === 0 ? "passed" : "failed"} in ${seconds(parts)}`);
      return exit;
    }),
  ]);
  console.log(`test:edge took ${seconds(started)} in all`);
  process.exit(code || limitCode);
}

void main();
