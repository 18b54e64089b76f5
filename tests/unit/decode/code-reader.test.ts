// Code is read once per (address, block hash), through the gateway only; a node that says it keeps no
// state at the block is asked for the latest code instead (labelled so), any other error is reported;
// finished analyses (not code, not in-flight reads) are shared between requests, the latest code's for a
// minute, and so is the node's refusal.
import { afterEach, describe, expect, it, vi } from "vitest";
import artifacts from "@/lib/dev/gateway/solidity/artifacts.json";
import { analyseCode } from "@/lib/decode/bytecode";
import { CodeCache, LATEST_CODE_TTL_MS } from "@/lib/decode/code-cache";
import { readCodeThrough, storageAtBlock } from "@/lib/decode/code-reader";
import { STATE_HORIZON_TTL_MS, StateHorizon } from "@/lib/decode/state-horizon";
import { decodeFrame } from "@/lib/decode/decode-frame";
import { sourceLabel } from "@/lib/decode/types";
import { GatewayClient } from "@/lib/gateway/gateway-client";
import { RateLimiter } from "@/lib/platform/rate-limiter";
import { Scheduler } from "@/lib/platform/scheduler";

const TOKEN = "0xa51c1fc2f0d1a1b8494ed1fe312d7c3a78ed91c0";
const SPLITTER = "0x0b306bf915c4d645ff596e518faf3f9669b97016";
const MISSING_STATE = { code: -32000, message: "missing trie node 1b2c (path ) state 0x1b2c is not available" };
const RATE_LIMITED = { code: -32005, message: "daily request count exceeded, request rate limited" };

/** A gateway whose node answers `refusal` for any block but the latest (none: it keeps every state). */
function gateway(refusal?: { code: number; message: string }, wait?: Promise<void>, code = artifacts.contracts.DemoToken.deployedBytecode) {
  const calls: unknown[][] = [];
  const scheduler = new Scheduler({
    limiter: new RateLimiter({ requests: 1000, windowSeconds: 1 }),
    subrequestBudget: 50,
    timeoutMs: 1000,
    retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 1 },
    fetch: async (_url, init) => {
      const { id, method, params } = JSON.parse(String(init?.body)) as { id: number; method: string; params: unknown[] };
      calls.push([method, ...params]);
      await wait;
      if (refusal && params.at(-1) !== "latest") return Response.json({ jsonrpc: "2.0", id, error: refusal });
      return Response.json({ jsonrpc: "2.0", id, result: code });
    },
  });
  return { client: new GatewayClient("https://gateway.example/v1/mainnet", scheduler), calls };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("readCodeThrough", () => {
  it("reads each address once per block hash, and analyses the code with no other host reached", async () => {
    const reach = vi.spyOn(globalThis, "fetch");
    const { client, calls } = gateway();
    const read = readCodeThrough(client, new CodeCache(), new StateHorizon());
    const [first, again] = await Promise.all([read(TOKEN, 10, "0xaa"), read(TOKEN, 10, "0xaa")]);
    await read(TOKEN, 11, "0xbb");
    expect(calls).toEqual([
      ["eth_getCode", TOKEN, "0xa"],
      ["eth_getCode", TOKEN, "0xb"],
    ]);
    expect(first).toBe(again);
    expect(first.analysis.selectors.has("0xa9059cbb")).toBe(true); // transfer(address,uint256)
    expect(first.analysis.readAtLatest).toBeUndefined();
    expect(reach).not.toHaveBeenCalled(); // whatsabi's loaders are off: only the gateway's own fetch ran
  });

  it("reads the latest code where the node keeps no state at the block, labels it, and skips the refused call for older blocks", async () => {
    const { client, calls } = gateway(MISSING_STATE);
    const read = readCodeThrough(client, new CodeCache(), new StateHorizon());
    const token = await read(TOKEN, 10, "0xaa");
    expect(token.code).toBe(artifacts.contracts.DemoToken.deployedBytecode);
    expect(token.analysis.readAtLatest).toBe(true);
    await read(SPLITTER, 9, "0xcc");
    expect(calls).toEqual([
      ["eth_getCode", TOKEN, "0xa"],
      ["eth_getCode", TOKEN, "latest"],
      ["eth_getCode", SPLITTER, "latest"],
    ]);
  });

  it("keeps the latest code apart from any block hash's, for a minute, and never an account without code", async () => {
    const cache = new CodeCache();
    const refusing = gateway(MISSING_STATE);
    const first = await readCodeThrough(refusing.client, cache, new StateHorizon())(TOKEN, 10, "0xaa");
    const next = gateway(MISSING_STATE);
    const again = await readCodeThrough(next.client, cache, new StateHorizon())(TOKEN, 11, "0xbb");
    expect(next.calls).toEqual([["eth_getCode", TOKEN, "0xb"]]); // refused again (a new horizon), the latest code kept
    expect(again.analysis.readAtLatest).toBe(true);
    expect([...again.analysis.selectors].sort()).toEqual([...first.analysis.selectors].sort());
    expect(cache.get(TOKEN, "0xaa")).toBeUndefined(); // the latest code is no block hash's code
    expect(cache.latest(TOKEN, Date.now() + LATEST_CODE_TTL_MS)).toBeUndefined(); // a minute later: read again

    const empty = gateway(MISSING_STATE, undefined, "0x");
    await readCodeThrough(empty.client, cache, new StateHorizon())(SPLITTER, 10, "0xaa");
    expect(cache.latest(SPLITTER)).toBeUndefined(); // a contract may still be deployed there
  });

  it("reports any other node error (a rate limit) instead of reading the latest code", async () => {
    const { client, calls } = gateway(RATE_LIMITED);
    const read = readCodeThrough(client, new CodeCache(), new StateHorizon());
    await expect(read(TOKEN, 10, "0xaa")).rejects.toThrow(/rate limited/);
    await expect(read(SPLITTER, 9, "0xcc")).rejects.toThrow(/rate limited/);
    expect(calls).toEqual([
      ["eth_getCode", TOKEN, "0xa"],
      ["eth_getCode", SPLITTER, "0x9"],
    ]);
  });

  it("shares a refusal between requests for a minute: older blocks go straight to the latest code, newer ones ask", async () => {
    const horizon = new StateHorizon();
    const cache = new CodeCache();
    await readCodeThrough(gateway(MISSING_STATE).client, cache, horizon)(TOKEN, 10, "0xaa");
    const next = gateway(MISSING_STATE);
    const read = readCodeThrough(next.client, cache, horizon);
    expect((await read(SPLITTER, 9, "0xcc")).analysis.readAtLatest).toBe(true);
    await read(SPLITTER, 12, "0xdd");
    expect(next.calls).toEqual([
      ["eth_getCode", SPLITTER, "latest"],
      ["eth_getCode", SPLITTER, "0xc"], // above the refused block: the node may keep it
    ]);
    expect(horizon.refuses(12)).toBe(true);
    expect(horizon.refuses(12, Date.now() + STATE_HORIZON_TTL_MS)).toBe(false); // a minute later: asked at the block again
  });

  it("reads at the block a code this process analysed there, whatever the node refuses since", async () => {
    const horizon = new StateHorizon();
    const cache = new CodeCache();
    await readCodeThrough(gateway().client, cache, horizon)(TOKEN, 10, "0xaa");
    horizon.learn(20);
    const next = gateway(MISSING_STATE);
    const read = readCodeThrough(next.client, cache, horizon);
    const code = await read(TOKEN, 10, "0xaa");
    const again = await read(TOKEN, 10, "0xaa"); // another frame of the same contract in the same block
    expect(next.calls).toEqual([]);
    expect(code.analysis.readAtLatest).toBeUndefined();
    expect(again).toBe(code);
  });

  it("moves the horizon up only, and a late refusal of an older block does not extend its minute", () => {
    const horizon = new StateHorizon(1_000);
    horizon.learn(20, 0);
    horizon.learn(10, 900);
    expect(horizon.refuses(20, 999)).toBe(true);
    expect(horizon.refuses(20, 1_000)).toBe(false);
    horizon.learn(30, 1_000);
    expect(horizon.refuses(25, 1_500)).toBe(true);
  });

  it("never keeps an EIP-7702 delegation read at the latest block: its account may change it in any block", async () => {
    const cache = new CodeCache();
    const delegating = gateway(MISSING_STATE, undefined, `0xef0100${SPLITTER.slice(2)}`);
    await readCodeThrough(delegating.client, cache, new StateHorizon())(TOKEN, 10, "0xaa");
    expect(cache.latest(TOKEN)).toBeUndefined();
  });

  it("shares finished analyses between requests, never a read still in flight with another request's client", async () => {
    const cache = new CodeCache();
    let release!: () => void;
    const a = gateway(undefined, new Promise((resolve) => (release = resolve)));
    const b = gateway();
    const readA = readCodeThrough(a.client, cache, new StateHorizon())(TOKEN, 10, "0xaa");
    const fromB = await readCodeThrough(b.client, cache, new StateHorizon())(TOKEN, 10, "0xaa"); // A's read still waits: B reads its own
    expect(b.calls).toEqual([["eth_getCode", TOKEN, "0xa"]]);
    release();
    await readA;
    const c = gateway();
    const fromC = await readCodeThrough(c.client, cache, new StateHorizon())(TOKEN, 10, "0xaa");
    expect(c.calls).toEqual([]); // finished: shared
    expect(fromC.code).toBeUndefined(); // the cache keeps the analysis, not the code
    expect([...fromC.analysis.selectors].sort()).toEqual([...fromB.analysis.selectors].sort());
    expect(fromC.analysis.proxies).toEqual(fromB.analysis.proxies);
  });

  it("keeps at most its bound of entries", async () => {
    const { client } = gateway();
    const cache = new CodeCache(2);
    const read = readCodeThrough(client, cache, new StateHorizon());
    for (const hash of ["0x1", "0x2", "0x3"]) await read(TOKEN, 1, hash);
    expect(cache.size).toBe(2);
  });
});

describe("a proxy read where the node keeps no state at the block", () => {
  it("reads its slot at the block only: a refusal is no implementation, never the latest slot", async () => {
    const { client, calls } = gateway(MISSING_STATE);
    await expect(storageAtBlock(client)(TOKEN, "0x01", 10)).rejects.toThrow(/missing trie node/);
    expect(calls).toEqual([["eth_getStorageAt", TOKEN, "0x01", "0xa"]]);
  });

  it("labels the frame: code read at the latest block, implementation unknown at this block", async () => {
    const proxy = await analyseCode(TOKEN, artifacts.contracts.DemoProxy.deployedBytecode);
    expect(proxy.proxies.length).toBeGreaterThan(0);
    const decoded = decodeFrame({ input: "0x40c10f19", uploaded: [], code: [{ ...proxy, readAtLatest: true }] })!;
    expect(decoded.implementation).toBeUndefined();
    expect(sourceLabel(decoded)).toMatch(/code read at the latest block.*implementation unknown at this block/);
    const known = decodeFrame({ input: "0x40c10f19", uploaded: [], code: [{ ...proxy, readAtLatest: true }], implementation: SPLITTER })!;
    expect(sourceLabel(known)).not.toMatch(/implementation unknown/); // the trace itself named it
  });
});
