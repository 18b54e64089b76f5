// Every upstream response body is read or cancelled, on every path: success, 5xx retried, 429, malformed
// answers, failed calls and an aborted request. An unread body holds one of the 6 connections on the edge.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GatewayClient } from "@/lib/gateway/gateway-client";
import { scanAccount } from "@/lib/migration/scan-account";
import { scanCache } from "@/lib/migration/scan-cache";
import { PlatformClient } from "@/lib/platform/client";
import { RateLimiter } from "@/lib/platform/rate-limiter";
import { Scheduler } from "@/lib/platform/scheduler";
import { listZones } from "@/lib/platform/zones";
import { startSandbox, type RunningSandbox } from "@/lib/dev/sandbox/server";

const TOKEN = "bodies-test-token-0123456789";
let sandbox: RunningSandbox;
let responses: Response[] = [];

/** The real fetch, keeping every response it hands out so the test can check its body afterwards. */
const countingFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  responses.push(response);
  return response;
};
const unconsumed = () => responses.filter((r) => r.body !== null && !r.bodyUsed).length;

function platform(options: { budget?: number; timeoutMs?: number; signal?: AbortSignal } = {}) {
  const scheduler = new Scheduler({
    limiter: new RateLimiter({ requests: 1_000_000, windowSeconds: 60 }),
    subrequestBudget: options.budget ?? 1000,
    timeoutMs: options.timeoutMs ?? 10_000,
    retry: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 5, maxRetryAfterMs: 2_000 },
    fetch: countingFetch,
    signal: options.signal,
  });
  return new PlatformClient(sandbox.apiBaseUrl, { kind: "token", token: TOKEN }, scheduler);
}

const faults = (body: object) =>
  fetch(`${sandbox.url}/__sandbox/faults`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

beforeAll(async () => {
  sandbox = await startSandbox({ apiToken: TOKEN, rateLimit: null });
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  responses = [];
  scanCache.clear();
  await fetch(`${sandbox.url}/__sandbox/reset`, { method: "POST" });
});

describe("upstream bodies are always consumed", () => {
  it("on a whole scan cut by the budget", async () => {
    await scanAccount(platform({ budget: 50 }), {});
    expect(responses.length).toBeGreaterThan(20);
    expect(unconsumed()).toBe(0);
  });

  it("when 5xx answers are retried and some fail for good", async () => {
    await faults({ errorRate: 0.5 });
    await scanAccount(platform({ budget: 200 }), {});
    expect(responses.some((r) => r.status >= 500)).toBe(true);
    expect(unconsumed()).toBe(0);
  });

  it("on 429 and malformed answers", async () => {
    await faults({ burst429: 3, retryAfterSeconds: 1 });
    await listZones(platform()).catch(() => undefined);
    await faults({ burst429: 0, malformedRate: 1 });
    await expect(listZones(platform())).rejects.toThrow();
    expect(responses.some((r) => r.status === 429)).toBe(true);
    expect(unconsumed()).toBe(0);
  });

  it("when the request is aborted while calls are in flight", async () => {
    await faults({ latencyMs: 50 });
    const controller = new AbortController();
    const scan = scanAccount(platform({ signal: controller.signal }), {});
    setTimeout(() => controller.abort(new Error("browser went away")), 120);
    await scan.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(unconsumed()).toBe(0);
  });
});

describe("the gateway client's bodies", () => {
  let server: Server;
  let url = "";
  beforeAll(async () => {
    // 403 for one method, a non-JSON body for another, a JSON-RPC error for the rest.
    server = createServer((req, res) => {
      let raw = "";
      req.on("data", (chunk) => (raw += chunk));
      req.on("end", () => {
        const method = (JSON.parse(raw) as { method: string }).method;
        if (method === "trace_filter") return void res.writeHead(403).end("forbidden: method not supported ".repeat(100));
        if (method === "eth_getBlockByNumber")
          return void res.writeHead(200, { "Content-Type": "application/json" }).end("<html>not json</html>");
        res
          .writeHead(200, { "Content-Type": "application/json" })
          .end(JSON.stringify({ jsonrpc: "2.0", id: 1, error: { code: -32601, message: "nope" } }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("reads the body of refused, malformed and failed calls", async () => {
    const gateway = new GatewayClient(url, platform().scheduler);
    await expect(gateway.traceFilter({ fromBlock: 1, toBlock: 2 })).rejects.toThrow(/403/);
    await expect(gateway.blockNumber("latest")).rejects.toThrow(/could not be read/);
    expect(responses).toHaveLength(2);
    expect(unconsumed()).toBe(0);
  });
});
