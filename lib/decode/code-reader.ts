// eth_getCode at the trace's block, falling back to the latest block where the node keeps no state that
// old (a full node keeps about 128 blocks' states; the demo's anvil none): code rarely changes after
// deployment, and the frame's label says "bytecode" either way. Once a block was refused, older ones
// go straight to the latest block: no second refused call per address.
import { GatewayError } from "@/lib/errors/gateway-errors";
import type { GatewayClient } from "@/lib/gateway/gateway-client";
import type { CodeCache, ReadCode } from "./code-cache";

/** The highest block the node refused state for, per process (one gateway per process). */
let refusedUpTo = -1;

export function readCodeThrough(
  gateway: Pick<GatewayClient, "getCode">,
  cache: CodeCache,
): (address: string, blockNumber: number, blockHash: string) => Promise<ReadCode> {
  return (address, blockNumber, blockHash) => {
    if (blockNumber <= refusedUpTo) return cache.get(address, "latest", () => gateway.getCode(address, "latest"));
    return cache
      .get(address, blockHash, () => gateway.getCode(address, blockNumber))
      .catch((error: unknown) => {
        if (!(error instanceof GatewayError) || error.kind !== "jsonrpc") throw error;
        refusedUpTo = Math.max(refusedUpTo, blockNumber);
        return cache.get(address, "latest", () => gateway.getCode(address, "latest"));
      });
  };
}

/** For tests: forget which blocks the node refused. */
export function forgetRefusedBlocks(): void {
  refusedUpTo = -1;
}
