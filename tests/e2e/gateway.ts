// The e2e suite's direct line to the demo gateway: what was seeded, and its fault knobs.
import { E2E } from "./environment";

export interface Seed {
  latestBlock: number;
  nestedTransaction: { hash: string; blockNumber: number };
  contracts: Record<string, string>;
  /** The Solidity contracts and transactions the decoder reads (lib/dev/gateway/decode-seed.ts). */
  decoding: {
    splitter: string;
    refuser: string;
    token: string;
    nft: string;
    transactions: Record<"tokenTransfer" | "settle" | "mint" | "nftTransfer" | "split", { hash: string; blockNumber: number }>;
  };
}

export async function gatewaySeed(): Promise<Seed> {
  return (await (await fetch(`${E2E.gatewayOrigin}/__gateway/seed`)).json()) as Seed;
}

export async function setGatewayFaults(faults: { latencyMs?: number; refuse?: string[]; spoilRecord?: number }): Promise<void> {
  const response = await fetch(`${E2E.gatewayOrigin}/__gateway/faults`, { method: "POST", body: JSON.stringify(faults) });
  if (!response.ok) throw new Error(`gateway refused faults: ${response.status}`);
}
