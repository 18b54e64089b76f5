// Appended to the demo chain after its first 2,000-odd blocks (nothing before it moves): real contracts
// compiled from Solidity (solidity/*.sol, artifacts.json) so the trace explorer shows every kind of
// decoding: an ERC-20 (bundled), an ERC-721 behind an EIP-1967 proxy (bundled, two transferFrom
// candidates; mint from the implementation's bytecode), a contract no interface knows (Splitter: guessed
// until its ABI is uploaded) whose payout sends ether through subcalls, one of which reverts.
import { encodeAbiParameters, encodeFunctionData, type Abi } from "viem";
import artifacts from "./solidity/artifacts.json";

const ETHER = 10n ** 18n;

type Name = keyof typeof artifacts.contracts;
const abi = (name: Name) => artifacts.contracts[name].abi as Abi;

/** Creation code with its constructor's arguments appended. */
function creation(name: Name, args: readonly unknown[] = []): `0x${string}` {
  const constructor = abi(name).find((item) => item.type === "constructor");
  const encoded = constructor && "inputs" in constructor ? encodeAbiParameters(constructor.inputs, args) : "0x";
  return `${artifacts.contracts[name].bytecode as `0x${string}`}${encoded.slice(2)}`;
}

const call = (name: Name, functionName: string, args: readonly unknown[]) => encodeFunctionData({ abi: abi(name), functionName, args });

export interface DecodeSeedSummary {
  token: string;
  nft: string;
  nftImplementation: string;
  splitter: string;
  acceptor: string;
  refuser: string;
  /** One transaction of each kind the decoder reads. */
  transactions: Record<"tokenTransfer" | "settle" | "mint" | "nftTransfer" | "split", { hash: string; blockNumber: number }>;
}

interface Sent {
  hash: string;
  contractAddress: string;
  blockNumber: number;
}

export async function seedDecodingDemo(
  send: (tx: { from: string; to?: string; data?: string; value?: bigint }) => Promise<Sent>,
  mine: (blocks: number) => Promise<unknown>,
  account: (i: number) => string,
): Promise<DecodeSeedSummary> {
  const owner = account(0);
  const deploy = async (name: Name, args: readonly unknown[] = []) =>
    (await send({ from: owner, data: creation(name, args) })).contractAddress;
  await mine(17);
  const token = await deploy("DemoToken", [1_000_000n * ETHER]);
  const nftImplementation = await deploy("DemoNft");
  const nft = await deploy("DemoProxy", [nftImplementation, call("DemoNft", "initialize", [owner])]);
  const splitter = await deploy("Splitter");
  const acceptor = await deploy("Refuser", [false]);
  const refuser = await deploy("Refuser", [true]);
  await mine(29);
  const picked = (sent: Sent) => ({ hash: sent.hash, blockNumber: sent.blockNumber });
  const tokenTransfer = picked(await send({ from: owner, to: token, data: call("DemoToken", "transfer", [account(1), 1_000n * ETHER]) }));
  await send({ from: account(1), to: token, data: call("DemoToken", "approve", [splitter, 500n * ETHER]) });
  await mine(11);
  const settle = picked(
    await send({ from: account(1), to: splitter, data: call("Splitter", "settle", [token, account(2), 200n * ETHER]) }),
  );
  await mine(13);
  const mint = picked(await send({ from: owner, to: nft, data: call("DemoNft", "mint", [account(1), 7n]) }));
  const nftTransfer = picked(
    await send({ from: account(1), to: nft, data: call("DemoNft", "transferFrom", [account(1), account(3), 7n]) }),
  );
  await mine(19);
  const split = picked(
    await send({ from: account(5), to: splitter, data: call("Splitter", "split", [[acceptor, refuser], 3n]), value: ETHER }),
  );
  await mine(120);
  return { token, nft, nftImplementation, splitter, acceptor, refuser, transactions: { tokenTransfer, settle, mint, nftTransfer, split } };
}
