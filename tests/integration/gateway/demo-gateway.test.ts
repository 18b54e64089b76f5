// Integration: the demo gateway for real (anvil seeded, the policy layer in front) on free ports.
// Preflight's windowed read through it must equal the union of direct per-window calls to anvil.
import { readdirSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addressRule } from "@/lib/gateway/address-rule";
import { buildCallTrees, treeDepth } from "@/lib/gateway/call-tree";
import { startDemoGateway, type DemoGateway } from "@/lib/dev/gateway/demo-gateway";
import { rpc } from "@/lib/dev/gateway/rpc";
import { GatewayError } from "@/lib/errors/gateway-errors";
import { fetchTraces, type TraceFilterCall } from "@/lib/gateway/fetch-traces";
import { GatewayClient } from "@/lib/gateway/gateway-client";
import { traceKind, type Trace } from "@/lib/gateway/trace";
import { parseTraceRecords } from "@/lib/gateway/trace-record";
import { RateLimiter } from "@/lib/platform/rate-limiter";
import { Scheduler } from "@/lib/platform/scheduler";

let gateway: DemoGateway;

function client(url = gateway.url) {
  const scheduler = new Scheduler({
    limiter: new RateLimiter({ requests: 100_000, windowSeconds: 1 }),
    subrequestBudget: 1000,
    timeoutMs: 20_000,
  });
  return new GatewayClient(url, scheduler);
}

/** anvil itself, in its own windows of 301 blocks: the truth to compare with. */
async function directFromAnvil(fromBlock: number, toBlock: number, filter: object = {}): Promise<Trace[]> {
  const traces: Trace[] = [];
  for (let start = fromBlock; start <= toBlock; start += 301) {
    const end = Math.min(toBlock, start + 300);
    traces.push(
      ...(await rpc<Trace[]>(gateway.anvil.url, "trace_filter", [
        { ...filter, fromBlock: `0x${start.toString(16)}`, toBlock: `0x${end.toString(16)}` },
      ])),
    );
  }
  return traces;
}

// Where anvil persists historical states by default, never cleaned when it is stopped by a signal.
const anvilStateDir = join(homedir(), ".foundry", "anvil", "tmp");
const stateDirs = () => {
  try {
    return readdirSync(anvilStateDir);
  } catch {
    return [];
  }
};
let stateDirsBefore: string[];

beforeAll(async () => {
  stateDirsBefore = stateDirs();
  gateway = await startDemoGateway({ anvilPort: 0, gatewayPort: 0 });
}, 60_000);
afterAll(async () => {
  await gateway?.close();
  // Each run used to leave 0.4–8 GB there: a few days of `npm test` filled the disk.
  expect(stateDirs().filter((name) => !stateDirsBefore.includes(name))).toEqual([]);
});

describe("the demo gateway", () => {
  it("binds free ports itself when asked for port 0: no port is picked first and left for another process to take", async () => {
    const ports = [new URL(gateway.anvil.url).port, new URL(gateway.origin).port].map(Number);
    expect(ports.every((port) => port > 0)).toBe(true);
    expect(ports[0]).not.toBe(ports[1]);
    expect(await rpc<string>(gateway.anvil.url, "eth_chainId")).toMatch(/^0x[0-9a-f]+$/);
  });

  it("is seeded deterministically over more than 2,000 blocks", () => {
    expect(gateway.seed.latestBlock).toBeGreaterThan(2000);
    // Same accounts, order, gaps and block times every run: the same transaction hash.
    expect(gateway.seed.nestedTransaction).toEqual({
      hash: "0x65e3961b1a1367dd2fc5866de67e51738e9b3c64b4ec3b0f7f7e7a379674375d",
      blockNumber: 120,
    });
  });

  it("windowed and split through the policy layer, equals the union of direct per-window calls to anvil", async () => {
    const latest = gateway.seed.latestBlock;
    const direct = await directFromAnvil(0, latest);
    const windows = Math.ceil((latest + 1) / 800);
    // As this gateway does: a call without count answers the whole window, one call per window.
    await fetch(`${gateway.origin}/__gateway/calls`, { method: "DELETE" });
    const whole = await fetchTraces((filter) => client().traceFilter(filter), { fromBlock: 0, toBlock: latest });
    expect(whole).toMatchObject({ windows, complete: true });
    expect(whole.traces.length).toBeGreaterThan(1000);
    expect(parseTraceRecords(whole.traces)).toEqual(direct);
    const wholeCalls = (await (await fetch(`${gateway.origin}/__gateway/calls`)).json()) as { calls: number };
    expect(wholeCalls.calls).toBe(windows);
    // As a strict gateway would: every answer stops at 200 traces, so full windows are split and paged.
    await fetch(`${gateway.origin}/__gateway/calls`, { method: "DELETE" });
    const strict = (filter: TraceFilterCall) =>
      client().traceFilter(filter.count === undefined ? { ...filter, after: 0, count: 200 } : filter);
    const split = await fetchTraces(strict, { fromBlock: 0, toBlock: latest });
    expect(parseTraceRecords(split.traces)).toEqual(direct);
    const calls = (await (await fetch(`${gateway.origin}/__gateway/calls`)).json()) as { calls: number; peakInFlight: number };
    expect(calls.calls).toBeGreaterThan(windows); // some windows held more than 200 traces
    expect(calls.peakInFlight).toBeLessThanOrEqual(6);
  });

  it("holds every kind of trace, reverted branches and nested trees", async () => {
    const traces = await directFromAnvil(0, gateway.seed.latestBlock);
    expect(new Set(traces.map(traceKind))).toEqual(new Set(["call", "delegatecall", "staticcall", "create", "create2", "suicide"]));
    expect(traces.some((t) => t.error === "Reverted")).toBe(true);
    const nested = buildCallTrees(traces.filter((t) => t.transactionHash === gateway.seed.nestedTransaction.hash))[0]!;
    expect(treeDepth(nested.roots)).toBeGreaterThanOrEqual(5);
  });

  it("follows the union rule with both address lists", async () => {
    const { nest } = gateway.seed.contracts;
    const [sender] = await rpc<string[]>(gateway.anvil.url, "eth_accounts");
    const result = await fetchTraces((f) => client().traceFilter(f), {
      fromBlock: 0,
      toBlock: gateway.seed.latestBlock,
      fromAddress: [sender!],
      toAddress: [nest],
    });
    expect(addressRule([sender!], [nest], parseTraceRecords(result.traces))).toBe("union");
    expect(parseTraceRecords(result.traces)).toEqual(
      await directFromAnvil(0, gateway.seed.latestBlock, { fromAddress: [sender], toAddress: [nest] }),
    );
  });

  it("enforces the gateway's rules: 403 for other methods, 800 blocks, count 200, tags accepted", async () => {
    const refused = await fetch(gateway.url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_sendTransaction", params: [{}] }),
    });
    expect(refused.status).toBe(403);
    await expect(client().traceFilter({ fromBlock: 0, toBlock: 800 })).rejects.toMatchObject({
      kind: "jsonrpc",
      code: -32602,
      message: expect.stringMatching(/800 blocks/),
    });
    await expect(client().traceFilter({ fromBlock: 0, toBlock: 10, count: 201 })).rejects.toMatchObject({
      kind: "jsonrpc",
      message: expect.stringMatching(/200/),
    });
    expect(await client().blockNumber("latest")).toBe(gateway.seed.latestBlock);
  });

  it("a gateway without trace_filter answers 403, reported as such without its URL", async () => {
    const { startPolicyLayer } = await import("@/lib/dev/gateway/policy");
    const layer = await startPolicyLayer({ port: 0, upstream: gateway.anvil.url, methods: ["eth_blockNumber"] });
    try {
      const url = `${layer.url}/v1/anvil`;
      const error = (await client(url)
        .traceFilter({ fromBlock: 0, toBlock: 1 })
        .catch((e: unknown) => e)) as GatewayError;
      expect(error).toBeInstanceOf(GatewayError);
      expect(error.kind).toBe("method_not_supported");
      expect(error.message).not.toContain(layer.url.replace("http://", ""));
    } finally {
      await layer.close();
    }
  });
});
