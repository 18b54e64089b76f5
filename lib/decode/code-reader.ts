// eth_getCode at the trace's block. Where the node answers that it keeps no state that old (a full node
// keeps about 128 blocks' states; the demo's anvil none), the code is read at the latest block instead
// and marked so (`readAtLatest`: the frame's label says it). Only that answer allows it; any other error
// (a rate limit…) is reported. Per request: once a block was refused, older ones go straight to latest.
import type { GatewayClient } from "@/lib/gateway/gateway-client";
import { analyseCode } from "./bytecode";
import type { CodeCache, ReadCode } from "./code-cache";
import { isStateUnavailable } from "./state-unavailable";

/** One request's code reader: the same address and block read once (in flight or done), finished analyses shared through `cache`. */
export function readCodeThrough(
  gateway: Pick<GatewayClient, "getCode">,
  cache: CodeCache,
): (address: string, blockNumber: number, blockHash: string) => Promise<ReadCode> {
  const reads = new Map<string, Promise<ReadCode>>(); // this request's own reads: never handed to another request
  let refusedUpTo = -1; // the highest block this request's node refused state for
  const once = (key: string, read: () => Promise<ReadCode>) => {
    const known = reads.get(key);
    if (known) return known;
    const entry = read();
    reads.set(key, entry);
    entry.catch(() => reads.delete(key));
    return entry;
  };
  // The latest code is never put in the process cache: it is not the code at any block hash.
  const atLatest = (address: string) =>
    once(`${address}@latest`, async () => {
      const code = await gateway.getCode(address, "latest");
      return { code, analysis: { ...(await analyseCode(address, code)), readAtLatest: true } };
    });
  return (address, blockNumber, blockHash) => {
    const lower = address.toLowerCase();
    if (blockNumber <= refusedUpTo) return atLatest(lower);
    return once(`${lower}@${blockHash.toLowerCase()}`, async () => {
      const cached = cache.get(lower, blockHash);
      if (cached) return { analysis: cached };
      const code = await gateway.getCode(lower, blockNumber);
      const analysis = await analyseCode(lower, code);
      cache.set(lower, blockHash, analysis);
      return { code, analysis };
    }).catch((error: unknown) => {
      if (!isStateUnavailable(error)) throw error;
      refusedUpTo = Math.max(refusedUpTo, blockNumber);
      return atLatest(lower);
    });
  };
}

/** Storage for proxy resolution at the block only: a slot read at the latest block never names an implementation. */
export function storageAtBlock(
  gateway: Pick<GatewayClient, "getStorageAt">,
): (address: string, slot: string, blockNumber: number) => Promise<string> {
  return (address, slot, blockNumber) => gateway.getStorageAt(address, slot, blockNumber);
}
