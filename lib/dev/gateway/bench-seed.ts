// An optional extension of the demo chain for the benchmarks, appended after the default seed (so the
// default chain's blocks and traces stay exactly as they are): one block range dense with traces (more
// than 2,000 within a few blocks) and, on request, empty blocks after it for ranges of 10,000 blocks
// (anvil seals about 100 empty blocks a second here, so the tail is opt-in: `tailBlocks`).
import { words } from "./contracts";
import { rpc, toQuantity } from "./rpc";

/** Calls fanned out by each transaction: with its own top-level trace, 151 traces per transaction. */
const FAN_OUT = 150;
const TRANSACTIONS_PER_BLOCK = 7;
const DENSE_BLOCKS = 2;

export interface BenchSeedSummary {
  /** First and last block holding the dense traces. */
  denseFromBlock: number;
  denseToBlock: number;
  denseTraces: number;
  latestBlock: number;
}

export async function seedBenchExtension(url: string, fan: string, answer: string, tailBlocks = 0): Promise<BenchSeedSummary> {
  const accounts = await rpc<string[]>(url, "eth_accounts");
  await rpc(url, "anvil_mine", [toQuantity(10)]);
  const denseFromBlock = Number(await rpc<string>(url, "eth_blockNumber")) + 1;
  await rpc(url, "evm_setAutomine", [false]);
  for (let block = 0; block < DENSE_BLOCKS; block++) {
    for (let i = 0; i < TRANSACTIONS_PER_BLOCK; i++) {
      await rpc(url, "eth_sendTransaction", [
        { from: accounts[(i % 9) + 1], to: fan, data: words(FAN_OUT, answer), gas: toQuantity(4_000_000) },
      ]);
    }
    await rpc(url, "evm_mine");
  }
  await rpc(url, "evm_setAutomine", [true]);
  const denseToBlock = Number(await rpc<string>(url, "eth_blockNumber"));
  if (tailBlocks > 0) await rpc(url, "anvil_mine", [toQuantity(tailBlocks)]);
  return {
    denseFromBlock,
    denseToBlock,
    denseTraces: DENSE_BLOCKS * TRANSACTIONS_PER_BLOCK * (FAN_OUT + 1),
    latestBlock: Number(await rpc<string>(url, "eth_blockNumber")),
  };
}
