// Seeds a fresh anvil with the demo chain: real contracts and transactions spread over more than
// 2,000 blocks. Everything is fixed (accounts, order, gaps, timestamps), so every seed is the same chain.
import { ANSWER, counter, FACTORY, FAN, GUARD, NEST, proxy, REVERTER, words } from "./contracts";
import { rpc, toQuantity } from "./rpc";
import { seedDecodingDemo, type DecodeSeedSummary } from "./decode-seed";

const GAS = toQuantity(3_000_000);
const ETHER = 10n ** 18n;

export interface SeedSummary {
  latestBlock: number;
  transactions: number;
  contracts: Record<"answer" | "reverter" | "nest" | "fan" | "guard" | "factory" | "counter" | "proxy", string>;
  /** A transaction whose call tree is several levels deep, with reverted leaves. */
  nestedTransaction: { hash: string; blockNumber: number };
  /** Solidity contracts and transactions for the decoder, after everything above (decode-seed.ts). */
  decoding: DecodeSeedSummary;
}

interface Tx {
  from: string;
  to?: string;
  data?: string;
  value?: bigint;
  gas?: string;
}

type Receipt = { contractAddress: string | null; blockNumber: string };

/** Automine answers with the hash as the block is sealed: the receipt can lag by a moment. */
async function receiptOf(url: string, hash: string): Promise<Receipt> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const receipt = await rpc<Receipt | null>(url, "eth_getTransactionReceipt", [hash]);
    if (receipt) return receipt;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`no receipt for ${hash}`);
}

/** Seconds between two blocks' times: fixed, so every block hash is the same each run. */
export const BLOCK_INTERVAL_SECONDS = 12;

/** What anvil keeps as a setting rather than as state: set before seeding, and again after a seeded state is loaded. */
export async function applyChainSettings(url: string): Promise<void> {
  await rpc(url, "anvil_setBlockTimestampInterval", [BLOCK_INTERVAL_SECONDS]);
}

export async function seedChain(url: string): Promise<SeedSummary> {
  const accounts = await rpc<string[]>(url, "eth_accounts");
  const account = (i: number) => accounts[i % accounts.length]!;
  await applyChainSettings(url);
  let transactions = 0;
  const send = async (tx: Tx) => {
    transactions++;
    const { value, ...rest } = tx;
    const hash = await rpc<string>(url, "eth_sendTransaction", [{ gas: GAS, ...rest, ...(value ? { value: toQuantity(value) } : {}) }]);
    const receipt = await receiptOf(url, hash);
    return { hash, contractAddress: receipt.contractAddress ?? "", blockNumber: Number(receipt.blockNumber) };
  };
  const deploy = async (data: string) => (await send({ from: account(0), data })).contractAddress;
  const mine = (blocks: number) => rpc(url, "anvil_mine", [toQuantity(blocks)]);

  const answer = await deploy(ANSWER);
  const reverter = await deploy(REVERTER);
  const nest = await deploy(NEST);
  const fan = await deploy(FAN);
  const guard = await deploy(GUARD);
  const factory = await deploy(FACTORY);
  const counterAddress = await deploy(counter(answer));
  const proxyAddress = await deploy(proxy(counterAddress));

  const actions: Array<(round: number) => Promise<unknown>> = [
    (round) =>
      send({ from: account(1), to: account(2 + (round % 5)), value: ETHER / 4n + BigInt(round) * 10n ** 15n, gas: toQuantity(21_000) }),
    () => send({ from: account(3), to: nest, data: words(4, answer) }),
    () => send({ from: account(4), to: nest, data: words(3, reverter) }),
    () => send({ from: account(5), to: proxyAddress }),
    (round) => send({ from: account(6), to: factory, data: words(round), value: ETHER / 100n }),
    () => send({ from: account(7), to: reverter }),
    () => send({ from: account(8), to: guard, data: `${words(nest)}${words(2, answer).slice(2)}` }),
    () => send({ from: account(9), to: fan, data: words(150, answer) }),
    () => deploy(ANSWER),
    async (round) => {
      // Several transactions in one block: positions 0..3.
      await rpc(url, "evm_setAutomine", [false]);
      const hashes = await Promise.all([
        rpc(url, "eth_sendTransaction", [{ from: account(1), to: account(2), value: toQuantity(ETHER / 10n), gas: toQuantity(21_000) }]),
        rpc(url, "eth_sendTransaction", [{ from: account(2), to: proxyAddress, gas: GAS }]),
        rpc(url, "eth_sendTransaction", [{ from: account(3), to: fan, data: words(60 + round, answer), gas: GAS }]),
        rpc(url, "eth_sendTransaction", [{ from: account(4), to: nest, data: words(2, reverter), gas: GAS }]),
      ]);
      transactions += hashes.length;
      await rpc(url, "evm_mine");
      await rpc(url, "evm_setAutomine", [true]);
    },
  ];

  let nested: SeedSummary["nestedTransaction"] | undefined;
  for (let round = 0; round < 40; round++) {
    await mine(23 + ((round * 37) % 71)); // uneven gaps, the same on every seed
    const result = await actions[round % actions.length]!(round);
    if (round === 2) {
      const { hash, blockNumber } = result as { hash: string; blockNumber: number };
      nested = { hash, blockNumber };
    }
  }
  await mine(120);
  const decoding = await seedDecodingDemo(send, mine, account);
  const latestBlock = Number(await rpc<string>(url, "eth_blockNumber"));
  return {
    latestBlock,
    transactions,
    contracts: { answer, reverter, nest, fan, guard, factory, counter: counterAddress, proxy: proxyAddress },
    nestedTransaction: nested!,
    decoding,
  };
}
