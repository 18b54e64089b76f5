// The two-isolate test (issue 26): two `wrangler dev` processes of the built worker scan one sandbox account
// limited to 120 calls per 30 s. Shared: at most the limit in every window, 0 × 429, wall within
// 1.1 × (calls ÷ rate). Sharing off must show a 429 (stopped at the first), so the test can fail.
// `tsx tests/edge/shared-limit/run.ts`; ports from E2E_EDGE_LIMIT_PORT (+0..+3) and E2E_EDGE_LIMIT_SANDBOX_PORT.
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { stopAllPairs } from "./isolates";
import { describePairScan, scanWithTwoIsolates } from "./scan-pair";

export const LIMIT = { requests: 120, windowSeconds: 30 };
/** Zones per scan: about 10 calls a zone, so two scans of 13 zones make a little over two windows of calls. */
const ZONES = Number(process.env.E2E_EDGE_LIMIT_ZONES || 13);

async function main() {
  const ports = {
    workers: Number(process.env.E2E_EDGE_LIMIT_PORT || 3430),
    sandbox: Number(process.env.E2E_EDGE_LIMIT_SANDBOX_PORT || 8823),
  };
  const token = process.env.E2E_API_TOKEN || `preflight-e2e-${randomBytes(12).toString("hex")}`;
  const failures: string[] = [];
  let passed = 0;
  const check = (ok: boolean, what: string) => {
    console.log(`  ${ok ? "✓" : "✘"} ${what}`);
    if (ok) passed++;
    else failures.push(what);
  };

  const shared = await scanWithTwoIsolates({ ports, token, zones: ZONES, limit: LIMIT, shared: true });
  console.log(describePairScan(shared, LIMIT));
  check(shared.calls >= 2 * LIMIT.requests, `the pair made at least two windows of calls (${shared.calls})`);
  check(shared.busiest <= LIMIT.requests, `at most ${LIMIT.requests} calls in every ${LIMIT.windowSeconds} s window (${shared.busiest})`);
  check(shared.tooMany === 0, `no 429 (${shared.tooMany})`);
  check(shared.ratio <= 1.1, `wall within 1.1 × (calls ÷ rate) (${shared.ratio.toFixed(2)})`);
  check(shared.keeping === "shared", `Settings says the limit is shared (${shared.keeping})`);

  const alone = await scanWithTwoIsolates({ ports, token, zones: ZONES, limit: LIMIT, shared: false, stopAtFirst429: true });
  console.log(describePairScan(alone, LIMIT));
  check(alone.tooMany > 0, `with PREFLIGHT_SHARED_LIMITS=off the isolates overrun the limit (${alone.tooMany} × 429)`);
  check(alone.keeping === "per isolate", `with sharing off Settings says "per isolate" (${alone.keeping})`);

  console.log(`${passed} passed, ${failures.length} failed`);
  // For the end of `npm test`, which names every failed check (tests/tools/failed-tests.ts).
  mkdirSync("test-results", { recursive: true });
  writeFileSync("test-results/two-isolate.json", JSON.stringify({ passed, failed: failures.length, failedNames: failures }));
  process.exit(failures.length ? 1 : 0);
}

for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void stopAllPairs().finally(() => process.exit(130)));

main().catch(async (error: unknown) => {
  console.error(`two-isolate test broke: ${error instanceof Error ? error.message : String(error)}`);
  await stopAllPairs();
  process.exit(1);
});
