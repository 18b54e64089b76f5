// eth_getCode at the trace's block. Where the node answers that it keeps no state that old (a full node
// keeps about 128 blocks' states; the demo's anvil none), the code is read at the latest block instead
// and marked so (`readAtLatest`: the frame's label says it). Only that answer allows it; any other error
// (a rate limit…) is reported. The refusal is remembered by the process (state-horizon.ts): older blocks
// go straight to the latest code, itself kept for a minute (code-cache.ts).
import type { GatewayClient } from "@/lib/gateway/gateway-client";
import { analyseCode } from "./bytecode";
import type { CodeCache, ReadCode } from "./code-cache";
import type { StateHorizon } from "./state-horizon";
import { isStateUnavailable } from "./state-unavailable";

/** EIP-7702: an account's code that delegates to another address (`0xef0100` and the address). */
const DELEGATION = "0xef0100";

/**
 * One request's code reader: the same address and block read once (in flight or done), finished analyses
 * shared through `cache`, the blocks the node refused state for through `horizon`.
 */
export function readCodeThrough(
  gateway: Pick<GatewayClient, "getCode">,
  cache: CodeCache,
  horizon: StateHorizon,
): (address: string, blockNumber: number, blockHash: string) => Promise<ReadCode> {
  const reads = new Map<string, Promise<ReadCode>>(); // this request's own reads: never handed to another request
  const once = (key: string, read: () => Promise<ReadCode>) => {
    const known = reads.get(key);
    if (known) return known;
    const entry = read();
    reads.set(key, entry);
    entry.catch(() => reads.delete(key));
    return entry;
  };
  // The latest code is kept apart from any block hash's: it is not the code at any of them.
  const atLatest = (address: string) =>
    once(`${address}@latest`, async () => {
      const cached = cache.latest(address);
      if (cached) return { analysis: cached };
      const code = await gateway.getCode(address, "latest");
      const analysis = { ...(await analyseCode(address, code)), readAtLatest: true };
      // An EIP-7702 account's delegation can change in any block: only contract code is kept.
      if (!code.startsWith(DELEGATION)) cache.keepLatest(address, analysis);
      return { code, analysis };
    });
  return (address, blockNumber, blockHash) => {
    const lower = address.toLowerCase();
    const key = `${lower}@${blockHash.toLowerCase()}`;
    const atBlock = (): Promise<ReadCode> | undefined => {
      // This request's read at the block (in flight or done), or the process's analysis from when the node kept it.
      const known = reads.get(key);
      if (known) return known;
      const cached = cache.get(lower, blockHash);
      if (cached) return once(key, async () => ({ analysis: cached }));
      if (horizon.refuses(blockNumber)) return undefined;
      return once(key, async () => {
        const code = await gateway.getCode(lower, blockNumber);
        const analysis = await analyseCode(lower, code);
        cache.set(lower, blockHash, analysis);
        return { code, analysis };
      });
    };
    const read = atBlock();
    if (!read) return atLatest(lower);
    return read.catch((error: unknown) => {
      if (!isStateUnavailable(error)) throw error;
      horizon.learn(blockNumber);
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
