// Integration: the seeded Solidity contracts decoded through the demo gateway for real (anvil, the policy
// layer): each transaction's frames and value flow as GET /api/traces/transactions/{hash} reads them.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import artifacts from "@/lib/dev/gateway/solidity/artifacts.json";
import { startDemoGateway, type DemoGateway } from "@/lib/dev/gateway/demo-gateway";
import { CodeCache } from "@/lib/decode/code-cache";
import { readCodeThrough, storageAtBlock } from "@/lib/decode/code-reader";
import { StateHorizon } from "@/lib/decode/state-horizon";
import type { DecodeDeps } from "@/lib/decode/decode-traces";
import { LATEST_CODE_NOTE } from "@/lib/decode/decode-frame";
import { readTransaction } from "@/lib/decode/read-transaction";
import { GatewayClient } from "@/lib/gateway/gateway-client";
import { RateLimiter } from "@/lib/platform/rate-limiter";
import { Scheduler } from "@/lib/platform/scheduler";
import { closeLocalBucket } from "@/lib/storage/local-bucket";

let gateway: DemoGateway;

function client() {
  const scheduler = new Scheduler({
    limiter: new RateLimiter({ requests: 100_000, windowSeconds: 1 }),
    subrequestBudget: 1000,
    timeoutMs: 20_000,
  });
  return new GatewayClient(gateway.url, scheduler);
}

function decoder(client: GatewayClient, uploaded: Record<string, unknown[]> = {}): DecodeDeps {
  return {
    abis: async (addresses) => new Map(addresses.filter((a) => uploaded[a]).map((a) => [a, uploaded[a]!])),
    code: readCodeThrough(client, new CodeCache(), new StateHorizon()),
    storage: storageAtBlock(client), // as the server reads it: a slot at the block, never the latest one
  };
}

beforeAll(async () => {
  gateway = await startDemoGateway({ anvilPort: 0, gatewayPort: 0 });
}, 90_000);
afterAll(async () => {
  await gateway?.close();
});

describe("decoding the demo chain", () => {
  it("deploys the compiled contracts: the proxy's code is DemoProxy's, its EIP-1967 slot the implementation", async () => {
    const { nft, nftImplementation } = gateway.seed.decoding;
    expect(await client().getCode(nft, "latest")).toBe(artifacts.contracts.DemoProxy.deployedBytecode);
    const slot = await client().getStorageAt(nft, "0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc", "latest");
    expect(`0x${slot.slice(-40)}`).toBe(nftImplementation);
  });

  it("reads each transaction's frames with their sources, and the split's value flow with the refused part not moved", async () => {
    const { transactions, splitter, refuser } = gateway.seed.decoding;
    const sourcesOf = async (hash: string, uploaded?: Record<string, unknown[]>) => {
      const c = client();
      return (await readTransaction(c, hash, decoder(c, uploaded))).frames.map((f) => [f.type, f.decoded?.source ?? null]);
    };
    expect(await sourcesOf(transactions.tokenTransfer.hash)).toEqual([["call", "bundled"]]);
    expect(await sourcesOf(transactions.mint.hash)).toEqual([
      ["call", "bytecode"],
      ["delegatecall", "bytecode"],
    ]);
    expect(await sourcesOf(transactions.settle.hash)).toEqual([
      ["call", "bytecode"],
      ["call", "bundled"],
    ]);
    expect(await sourcesOf(transactions.split.hash, { [splitter]: artifacts.contracts.Splitter.abi })).toEqual([
      ["call", "abi"],
      ["call", "bytecode"],
      ["call", "bytecode"],
    ]);
    const c = client();
    const split = await readTransaction(c, transactions.split.hash, decoder(c));
    expect(split.valueFlow.filter((row) => row.reverted)).toEqual([
      { from: splitter, to: refuser, value: (5n * 10n ** 17n).toString(), reverted: true, asset: "native", frames: ["1"] },
    ]);
    expect(split.complete).toBe(true);
    // anvil --prune-history keeps no old state: the code was read at the latest block, and the frame says so.
    expect(split.frames[0]?.decoded?.notes).toEqual([LATEST_CODE_NOTE]);
  });

  it("answers 404 for a hash the node does not know", async () => {
    const c = client();
    await expect(readTransaction(c, `0x${"ab".repeat(32)}`, decoder(c))).rejects.toThrow(/no mined transaction/);
  });
});

// The same transactions through the route handlers, so each answer is checked against lib/api/operations.ts
// (tests/integration/api-contract/setup.ts): every decoding source, a proxy's implementation, two candidates.
describe("decoding the demo chain through the operations", () => {
  type Handler = (request: Request, route: { params: Promise<unknown> }) => Promise<Response>;
  async function call(file: string, method: string, init: { params?: Record<string, string>; body?: unknown } = {}) {
    const handler = ((await import(/* @vite-ignore */ `@/${file}`)) as Record<string, Handler>)[method]!;
    const request = new Request("http://127.0.0.1:3000/api/traces", {
      method,
      headers: { host: "127.0.0.1:3000", "x-preflight-demo-user": "planner" },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const response = await handler(request, { params: Promise.resolve(init.params ?? {}) });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }
  type Decoded = { source: string; implementation?: string; candidates: Array<{ name: string; interfaces?: string[] }> } | null;
  const transaction = (hash: string) => call("app/api/traces/transactions/[hash]/route.ts", "GET", { params: { hash } });

  beforeAll(() => {
    Object.assign(process.env, {
      CLOUDFLARE_API_TOKEN: "",
      ETH_GATEWAY_URL: gateway.url,
      PREFLIGHT_DATA_DIR: mkdtempSync(join(tmpdir(), "preflight-decode-chain-")),
    });
  });
  afterAll(() => closeLocalBucket());

  it("answers each transaction, the decoded range and an ABI upload in their declared shapes", async () => {
    const { transactions, splitter, nft, nftImplementation } = gateway.seed.decoding;
    const mint = await transaction(transactions.mint.hash);
    expect(mint.status).toBe(200);
    // The proxy's frame decoded against its implementation's code (its EIP-1967 slot, the delegatecall beneath it).
    expect((mint.body.frames as Array<{ decoded: Decoded }>)[0]?.decoded?.implementation).toBe(nftImplementation);
    const nftTransfer = await transaction(transactions.nftTransfer.hash);
    const top = (nftTransfer.body.frames as Array<{ to: string; decoded: Decoded }>)[0]!;
    expect(top.to).toBe(nft);
    expect(top.decoded?.candidates.map((c) => c.interfaces)).toEqual([["ERC-20"], ["ERC-721"]]);
    const range = { fromBlock: transactions.tokenTransfer.blockNumber, toBlock: transactions.split.blockNumber, decode: true };
    const traces = await call("app/api/traces/route.ts", "POST", { body: range });
    expect(traces.status).toBe(200);
    const sources = new Set((traces.body.traces as Array<{ decoded: Decoded }>).map((t) => t.decoded?.source ?? null));
    expect([...sources].sort()).toEqual(["bundled", "bytecode"]);
    const abi = artifacts.contracts.Splitter.abi;
    const stored = await call("app/api/abis/route.ts", "POST", { body: { address: splitter, abi } });
    expect(stored).toMatchObject({ status: 201, body: { address: splitter, functions: 2 } });
    const split = await transaction(transactions.split.hash);
    expect((split.body.frames as Array<{ decoded: Decoded }>)[0]?.decoded?.source).toBe("abi");
    expect(split.body.valueFlow).toContainEqual(expect.objectContaining({ reverted: true, asset: "native" }));
  }, 60_000);
});
