// Whether a node's JSON-RPC error means "I keep no state at that block" (a pruned or non-archive node):
// only then may code be read at the latest block instead. A rate limit, a timeout or any other
// refusal is no such answer and is reported as it is.
import { GatewayError } from "@/lib/errors/gateway-errors";

// The words each client uses: geth and Nethermind ("missing trie node", "historical state … not available"),
// reth ("State at block #N is pruned"), Erigon and OpenEthereum (pruning), anvil --prune-history ("BlockOutOfRangeError").
const STATE_UNAVAILABLE = new RegExp(
  [
    "missing trie node",
    "historical state",
    "is pruned|pruned state|due to pruning|state pruning",
    "BlockOutOfRange",
    "(state|history)[^.]{0,40}(not available|unavailable)",
    "no state (available )?for block",
  ].join("|"),
  "i",
);

export function isStateUnavailable(error: unknown): boolean {
  return error instanceof GatewayError && error.kind === "jsonrpc" && STATE_UNAVAILABLE.test(error.message);
}
