// Integration: the seeded Solidity contracts decoded through the demo gateway for real (anvil, the policy
// layer): each transaction's frames and value flow as GET /api/traces/transactions/{hash} reads them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import artifacts from "@/lib/dev/gateway/solidity/artifacts.json";
import { freePort } from "@/lib/dev/gateway/anvil";
import { startDemoGateway, type DemoGateway } from "@/lib/dev/gateway/demo-gateway";
import { CodeCache } from "@/lib/decode/code-cache";
import { readCodeThrough, storageAtBlock } from "@/lib/decode/code-reader";
import type { DecodeDeps } from "@/lib/decode/decode-traces";
import { LATEST_CODE_NOTE } from "@/lib/decode/decode-frame";
import { readTransaction } from "@/lib/decode/read-transaction";
import { GatewayClient } from "@/lib/gateway/gateway-client";
import { RateLimiter } from "@/lib/platform/rate-limiter";
import { Scheduler } from "@/lib/platform/scheduler";

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
    code: readCodeThrough(client, new CodeCache()),
    storage: storageAtBlock(client), // as the server reads it: a slot at the block, never the latest one
  };
}

beforeAll(async () => {
  gateway = await startDemoGateway({ anvilPort: await freePort(), gatewayPort: await freePort() });
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
