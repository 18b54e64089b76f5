// Load: 50 concurrent clients across the pages and operations of the production server (with the sandbox and demo
// gateway), on the e2e ports: a warm-up, then two measured halves. Fails on any error, non-2xx answer or timeout; when
// the live heap (after a full collection, tests/load/heap-probe.mjs) grows during the second half by more than
// HEAP_GROWTH_MIB; and when the server's resident memory in the last 10 s exceeds the first 10 s by more than the
// stated tolerance. The first half may still fill caches; a leak grows the heap in both, so the second half is the check.
import autocannon, { type Request } from "autocannon";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { startService, stopServices, waitForHttp, type Service } from "@/lib/dev/launcher/processes";
import { E2E } from "@/tests/e2e/environment";
import { liveHeap } from "./live-heap";
import { firstAndLast, sampleRss } from "./rss";

const CONNECTIONS = 50;
/**
 * Requests in each measured half: a count, not a time, so the leak check's reach (HEAP_GROWTH_MIB over this many
 * requests, 3.5 KB each) is the same on a machine that `npm test` shares with Vitest as on an idle one, where a half
 * takes about 15 s.
 */
const HALF_REQUESTS = Number(process.env.LOAD_HALF_REQUESTS ?? 2_400);
/**
 * The warm-up, a count too (about 10 s on an idle machine): the resident-memory check compares the measured halves'
 * first 10 s with their last, so the server must be as warm when they start beside Vitest as alone (after 10 s there
 * it had served half as many requests, and its first 10 s sat 50 MiB lower).
 */
const WARMUP_REQUESTS = Number(process.env.LOAD_WARMUP_REQUESTS ?? 1_200);
const WINDOW_MS = 10_000;
const HEAP_MIB = 192;
/** Memory may wobble with garbage collection: growth beyond 15 % plus 24 MiB is a leak. */
const TOLERANCE = { ratio: 1.15, mib: 24 };
/**
 * Between two quiet moments the live heap moved by up to 4.5 MiB without any leak (caches turning over; 2 × 40 s runs,
 * 2026-11-28), where resident memory moved by 40 MiB. Twice that noise over the second half's ~2,400 requests is a leak
 * of 3.5 KB per request: the 60 s resident-memory check alone that this replaced saw about 6 KB per request.
 */
const HEAP_GROWTH_MIB = 8;
const PROBE_DIR = mkdtempSync(join(tmpdir(), "preflight-load-probe-"));
const bin = (name: string) => `${process.cwd()}/node_modules/.bin/${name}`;

async function startServers(): Promise<{ services: Service[]; server: Service }> {
  const services: Service[] = [];
  const env = {
    SANDBOX_PORT: String(E2E.sandboxPort),
    SANDBOX_API_TOKEN: E2E.apiToken,
    SANDBOX_RATE_LIMIT: "0",
    SANDBOX_ACCOUNTS: "security",
  };
  const sandbox = startService("sandbox", bin("tsx"), ["lib/dev/sandbox/main.ts"], { quiet: true, env });
  services.push(sandbox);
  const gateway = startService("demo gateway", bin("tsx"), ["lib/dev/gateway/main.ts"], {
    quiet: true,
    env: { ANVIL_PORT: String(E2E.anvilPort), GATEWAY_PORT: String(E2E.gatewayPort) },
  });
  services.push(gateway);
  const server = startService("preflight", bin("next"), ["start", "--hostname", "127.0.0.1", "--port", String(E2E.port)], {
    quiet: true,
    env: {
      ...env,
      NEXT_TELEMETRY_DISABLED: "1",
      NODE_ENV: "production",
      // A bounded old space, as on the edge (128 MB per isolate): V8 otherwise grows lazily toward
      // gigabytes under load, which hides nothing but measures nothing. A leak then shows as growth
      // up to the cap and then as failed requests (out of memory), both of which fail this test.
      NODE_OPTIONS: `--max-old-space-size=${HEAP_MIB} --import ${resolve("tests/load/heap-probe.mjs")}`,
      LOAD_PROBE_DIR: PROBE_DIR,
      CLOUDFLARE_API_TOKEN: "",
      CLOUDFLARE_API_EMAIL: "",
      CLOUDFLARE_API_KEY: "",
      CLOUDFLARE_API_BASE_URL: "",
      ETH_GATEWAY_URL: "",
      GATEWAY_PORT: String(E2E.gatewayPort),
      ACCOUNT_RATE_LIMIT: "1000000",
      PREFLIGHT_DATA_DIR: mkdtempSync(join(tmpdir(), "preflight-load-")),
    },
  });
  services.push(server);
  await waitForHttp(sandbox, `${E2E.sandboxUrl}/__sandbox/health`, 60_000);
  await waitForHttp(gateway, `${E2E.gatewayOrigin}/__gateway/health`, 300_000);
  await waitForHttp(server, `${E2E.baseUrl}/api/health`, 60_000);
  return { services, server };
}

/** Follows an operation's cursors until the account is complete, so the load reads the warm cache. */
async function warm(path: string): Promise<Record<string, unknown>> {
  for (let cursor: string | undefined, round = 0; round < 50; round++) {
    const response = await fetch(`${E2E.baseUrl}${path}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`);
    const body = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new Error(`warm-up ${path} answered ${response.status}`);
    if (body.complete) return body;
    cursor = body.cursor as string | undefined;
  }
  throw new Error(`warm-up ${path} did not complete`);
}

async function requestMix(): Promise<Request[]> {
  const { zones } = (await warm("/api/zones")) as { zones: Array<{ id: string; verdict: string }> };
  await warm("/api/certificates");
  const validationZone = zones.find((z) => z.verdict === "validation")!.id;
  const anyZone = zones[0]!.id;
  const pem = readFileSync("tests/unit/certificates/fixtures/letsencrypt-2022-fullchain.pem", "utf8");
  const json = { "Content-Type": "application/json", "x-preflight-demo-user": "planner" };
  return [
    { path: "/zones" },
    { path: "/api/zones" },
    { path: `/zones/${anyZone}` },
    { path: `/api/zones/${anyZone}/migration` },
    { path: "/certificates" },
    { path: "/api/certificates" },
    { path: `/validation?zone=${validationZone}` },
    { path: `/api/zones/${validationZone}/validation` },
    { path: "/traces" },
    { method: "POST", path: "/api/traces", headers: json, body: JSON.stringify({ fromBlock: 1, toBlock: 200 }) },
    { path: "/reviews" },
    { path: "/api/reviews" },
    // Mutations whose stored data stays the same size: growth then can only be a leak (review writes grow
    // the bucket by design; the e2e and named-operations tests exercise them).
    { method: "POST", path: "/api/certificates/inspect", headers: json, body: JSON.stringify({ pem }) },
    {
      method: "POST",
      path: "/api/session/demo-user",
      headers: { ...json, origin: E2E.baseUrl },
      body: JSON.stringify({ user: "planner" }),
    },
    { path: "/api/invites" },
    { path: "/settings" },
    { path: "/api/health" },
  ];
}

async function main() {
  if (!existsSync(".next/BUILD_ID")) throw new Error("no production build: run `npx next build` first");
  const { services, server } = await startServers();
  try {
    const requests = await requestMix();
    const failures = new Map<string, number>();
    const tracked = requests.map((r) => ({
      ...r,
      onResponse: (status: number) => {
        if (status < 200 || status > 299)
          failures.set(`${r.method ?? "GET"} ${r.path} → ${status}`, (failures.get(`${r.method ?? "GET"} ${r.path} → ${status}`) ?? 0) + 1);
      },
    }));
    // The heap grows to its working size under the first seconds of load: measure from there on.
    const options = { url: E2E.baseUrl, connections: CONNECTIONS, timeout: 30, requests: tracked };
    const warmupStarted = Date.now();
    const warmup = await autocannon({ ...options, amount: WARMUP_REQUESTS });
    console.log(`load: warm-up ${warmup.requests.total} requests in ${((Date.now() - warmupStarted) / 1000).toFixed(0)} s`);
    console.log(`load: ${CONNECTIONS} clients for 2 × ${HALF_REQUESTS} requests over ${requests.length} pages and operations`);
    const stop = sampleRss(server.child.pid!);
    const heap0 = await settledHeap();
    const half = () => autocannon({ ...options, amount: HALF_REQUESTS });
    const started = Date.now();
    const first = await half();
    const heap1 = await settledHeap();
    const second = await half();
    const seconds = (Date.now() - started) / 1000;
    const heap2 = await settledHeap();
    const samples = stop();
    const rss = firstAndLast(samples, WINDOW_MS);
    console.log(
      `load: RSS every 5 s (MiB): ${samples
        .filter((_, i) => i % 5 === 0)
        .map((s) => s.mib.toFixed(0))
        .join(" ")}`,
    );
    const total = (key: "errors" | "timeouts" | "non2xx") => first[key] + second[key];
    const errors = total("errors") + total("timeouts") + total("non2xx");
    const limit = rss.first * TOLERANCE.ratio + TOLERANCE.mib;
    const growth = heap2.mib - heap1.mib;
    console.log(
      `load: ${first.requests.total + second.requests.total} requests in ${seconds.toFixed(0)} s, ${errors} errors ` +
        `(${total("errors")} failed, ${total("timeouts")} timeouts, ${total("non2xx")} non-2xx); ` +
        `latency p50 ${second.latency.p50} ms, p99 ${second.latency.p99} ms (second half)`,
    );
    console.log(
      `load: live heap after a full collection (${heap0.processes} processes) ` +
        `${heap0.mib.toFixed(1)} → ${heap1.mib.toFixed(1)} → ${heap2.mib.toFixed(1)} MiB; ` +
        `second half ${growth >= 0 ? "+" : ""}${growth.toFixed(1)} MiB over ${second.requests.total} requests ` +
        `(${((growth * 2 ** 20) / Math.max(1, second.requests.total)).toFixed(0)} bytes each; limit +${HEAP_GROWTH_MIB} MiB)`,
    );
    console.log(
      `load: server RSS mean first 10 s ${rss.first.toFixed(0)} MiB, last 10 s ${rss.last.toFixed(0)} MiB (limit ${limit.toFixed(0)} MiB)`,
    );
    for (const [what, count] of failures) console.log(`load: ${count}× ${what}`);
    const ok = errors === 0 && second.requests.total >= HALF_REQUESTS && rss.last <= limit && growth <= HEAP_GROWTH_MIB;
    console.log(`load: ${ok ? "ok" : "FAILED"}`);
    process.exitCode = ok ? 0 : 1;
  } finally {
    await stopServices(services);
  }
}

/** The live heap once the requests the load generator abandoned at its stop have finished on the server. */
async function settledHeap() {
  await sleep(1_000);
  return liveHeap(PROBE_DIR);
}

main().catch((error: unknown) => {
  console.error(`load: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
