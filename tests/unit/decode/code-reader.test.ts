// Code is read once per (address, block hash), through the gateway only; a node without the block's
// state is asked for the latest code instead, and older blocks then go there directly.
import { afterEach, describe, expect, it, vi } from "vitest";
import artifacts from "@/lib/dev/gateway/solidity/artifacts.json";
import { CodeCache } from "@/lib/decode/code-cache";
import { forgetRefusedBlocks, readCodeThrough } from "@/lib/decode/code-reader";
import { GatewayClient } from "@/lib/gateway/gateway-client";
import { RateLimiter } from "@/lib/platform/rate-limiter";
import { Scheduler } from "@/lib/platform/scheduler";

const TOKEN = "0xa51c1fc2f0d1a1b8494ed1fe312d7c3a78ed91c0";
const SPLITTER = "0x0b306bf915c4d645ff596e518faf3f9669b97016";

function gateway(history: boolean) {
  const calls: unknown[][] = [];
  const scheduler = new Scheduler({
    limiter: new RateLimiter({ requests: 1000, windowSeconds: 1 }),
    subrequestBudget: 50,
    timeoutMs: 1000,
    retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 1 },
    fetch: async (_url, init) => {
      const { id, method, params } = JSON.parse(String(init?.body)) as { id: number; method: string; params: unknown[] };
      calls.push([method, ...params]);
      if (!history && params[1] !== "latest")
        return Response.json({ jsonrpc: "2.0", id, error: { code: -32000, message: "missing trie node" } });
      return Response.json({ jsonrpc: "2.0", id, result: artifacts.contracts.DemoToken.deployedBytecode });
    },
  });
  return { client: new GatewayClient("https://gateway.example/v1/mainnet", scheduler), calls };
}

afterEach(() => {
  forgetRefusedBlocks();
  vi.restoreAllMocks();
});

describe("readCodeThrough", () => {
  it("reads each address once per block hash, and analyses the code with no other host reached", async () => {
    const reach = vi.spyOn(globalThis, "fetch");
    const { client, calls } = gateway(true);
    const read = readCodeThrough(client, new CodeCache());
    const [first, again] = await Promise.all([read(TOKEN, 10, "0xaa"), read(TOKEN, 10, "0xaa")]);
    await read(TOKEN, 11, "0xbb");
    expect(calls).toEqual([
      ["eth_getCode", TOKEN, "0xa"],
      ["eth_getCode", TOKEN, "0xb"],
    ]);
    expect(first).toBe(again);
    expect(first.analysis.selectors.has("0xa9059cbb")).toBe(true); // transfer(address,uint256)
    expect(reach).not.toHaveBeenCalled(); // whatsabi's loaders are off: only the gateway's own fetch ran
  });

  it("falls back to the latest code where the node has no state at the block, then skips the refused call", async () => {
    const { client, calls } = gateway(false);
    const read = readCodeThrough(client, new CodeCache());
    expect((await read(TOKEN, 10, "0xaa")).code).toBe(artifacts.contracts.DemoToken.deployedBytecode);
    await read(SPLITTER, 9, "0xcc");
    expect(calls).toEqual([
      ["eth_getCode", TOKEN, "0xa"],
      ["eth_getCode", TOKEN, "latest"],
      ["eth_getCode", SPLITTER, "latest"],
    ]);
  });

  it("keeps at most its bound of entries", async () => {
    const { client } = gateway(true);
    const cache = new CodeCache(2);
    const read = readCodeThrough(client, cache);
    for (const hash of ["0x1", "0x2", "0x3"]) await read(TOKEN, 1, hash);
    expect(cache.size).toBe(2);
  });
});
