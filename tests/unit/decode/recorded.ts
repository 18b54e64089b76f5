// The demo chain's decoding transactions as the node traced them (recorded-traces.json: trace_filter over
// each transaction's block, from lib/dev/gateway/decode-seed.ts), and decoder sources over them.
import artifacts from "@/lib/dev/gateway/solidity/artifacts.json";
import { analyseCode, type CodeAnalysis } from "@/lib/decode/bytecode";
import type { DecodeDeps } from "@/lib/decode/decode-traces";
import type { Trace } from "@/lib/gateway/trace";
import recorded from "./recorded-traces.json";

export const seed = recorded.seed;
type Name = keyof typeof recorded.seed.transactions;

/** The traces of one recorded transaction, in the node's order. */
export function traces(name: Name): Trace[] {
  const { hash } = recorded.seed.transactions[name];
  return (recorded.traces[name] as Trace[]).filter((trace) => trace.transactionHash === hash);
}

export const abiOf = (name: keyof typeof artifacts.contracts) => artifacts.contracts[name].abi as unknown[];

/** What each address's code is on the demo chain. */
const CODE: Record<string, string> = {
  [seed.token]: artifacts.contracts.DemoToken.deployedBytecode,
  [seed.nft]: artifacts.contracts.DemoProxy.deployedBytecode,
  [seed.nftImplementation]: artifacts.contracts.DemoNft.deployedBytecode,
  [seed.splitter]: artifacts.contracts.Splitter.deployedBytecode,
  [seed.acceptor]: artifacts.contracts.Refuser.deployedBytecode,
  [seed.refuser]: artifacts.contracts.Refuser.deployedBytecode,
};

export interface FakeSources extends DecodeDeps {
  codeReads: string[];
  storageReads: string[];
}

/** Sources with these uploaded ABIs, the chain's code (or `code` instead) and the proxy's slot. */
export function sources(uploaded: Record<string, unknown[]> = {}, code: Record<string, string> = CODE): FakeSources {
  const analyses = new Map<string, Promise<CodeAnalysis>>();
  const codeReads: string[] = [];
  const storageReads: string[] = [];
  return {
    codeReads,
    storageReads,
    abis: async (addresses) => new Map(addresses.filter((a) => uploaded[a]).map((a) => [a, uploaded[a]!])),
    code: async (address) => {
      codeReads.push(address);
      const text = code[address] ?? "0x";
      if (!analyses.has(address)) analyses.set(address, analyseCode(address, text));
      return { code: text, analysis: await analyses.get(address)! };
    },
    storage: async (address, slot) => {
      storageReads.push(`${address}:${slot}`);
      // The EIP-1967 implementation slot of the NFT proxy, as the chain holds it.
      return address === seed.nft && slot.endsWith("2bbc")
        ? `0x${seed.nftImplementation.slice(2).padStart(64, "0")}`
        : `0x${"0".repeat(64)}`;
    },
  };
}
