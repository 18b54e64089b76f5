// A function's canonical signature and selector, computed once per ABI item and kept while the item lives.
// viem's decodeFunctionData finds its item by hashing each candidate's signature (keccak-256) at every
// call, which cost more than decoding the calldata itself; a range decodes the same items frame after frame.
import { toFunctionSelector, toFunctionSignature, type AbiFunction } from "viem";

export interface FunctionIdentity {
  /** Canonical, `transferFrom(address,address,uint256)`. */
  signature: string;
  /** `0x` and 8 lowercase hex digits. */
  selector: string;
}

const known = new WeakMap<AbiFunction, FunctionIdentity | null>();

/** The item's signature and selector, or null where viem cannot compute them (an item it cannot format). */
export function functionIdentity(item: AbiFunction): FunctionIdentity | null {
  let identity = known.get(item);
  if (identity === undefined) {
    try {
      const signature = toFunctionSignature(item);
      identity = { signature, selector: toFunctionSelector(signature) };
    } catch {
      identity = null;
    }
    known.set(item, identity);
  }
  return identity;
}
