// What a transaction moved: the native value of each frame (`action.value`), summed per from → to, and,
// where a frame decoded as a token transfer (ERC-20/721/1155 `transfer*`), that transfer, labelled by
// how it was decoded. A reverted frame's value (a failed call, or one beneath it) did not move.
import type { Trace } from "@/lib/gateway/trace";
import { traceEnds } from "@/lib/gateway/trace";
import { buildCallTrees, type CallNode } from "@/lib/gateway/call-tree";
import type { Decoded, DecodeSource } from "./types";

export interface ValueFlow {
  from: string;
  to: string;
  /** Wei for native value; a token's amount, or its id for an ERC-721 (decimal text). */
  value: string;
  /** The frame (or a caller of it) failed: nothing moved. */
  reverted: boolean;
  /** "native", or the token contract's address. */
  asset: string;
  /** For a token transfer: the interfaces its signature fits (two when ERC-20 and ERC-721 both do). */
  standards?: string[];
  /** For a token transfer: the decoding source it rests on. */
  source?: DecodeSource;
  /** The frames summed into this row, as traceAddress text ("" is the top call, "0.1" …). */
  frames: string[];
}

/**
 * The ERC-20/721/1155 transfer signatures, with the argument positions of from, to and the amount (or id):
 * by signature, not name, so that Permit2's transferFrom(address,address,uint160,address) adds no row.
 */
const TOKEN_TRANSFERS: ReadonlyMap<string, { from?: number; to: number; value: number }> = new Map([
  ["transfer(address,uint256)", { to: 0, value: 1 }],
  ["transferFrom(address,address,uint256)", { from: 0, to: 1, value: 2 }],
  ["safeTransferFrom(address,address,uint256)", { from: 0, to: 1, value: 2 }],
  ["safeTransferFrom(address,address,uint256,bytes)", { from: 0, to: 1, value: 2 }],
  ["safeTransferFrom(address,address,uint256,uint256,bytes)", { from: 0, to: 1, value: 3 }], // ERC-1155: the amount of id
]);

/** `decoded[i]` belongs to `traces[i]` (one transaction's traces). */
export function valueFlow(traces: readonly Trace[], decoded: ReadonlyArray<Decoded | null>): ValueFlow[] {
  const rows = new Map<string, ValueFlow>();
  const tokens: ValueFlow[] = [];
  const visit = (node: CallNode) => {
    const { trace, reverted } = node;
    const frame = trace.traceAddress.join(".");
    const moved = nativeValue(trace);
    const { from, to } = traceEnds(trace);
    if (moved > 0n && from && to) {
      const key = `${from}|${to}|${reverted}`;
      const row = rows.get(key) ?? { from, to, value: "0", reverted, asset: "native", frames: [] };
      row.value = (BigInt(row.value) + moved).toString();
      row.frames.push(frame);
      rows.set(key, row);
    }
    const transfer = tokenTransfer(trace, decoded[node.index] ?? null);
    if (transfer) tokens.push({ ...transfer, reverted, frames: [frame] });
    node.children.forEach(visit);
  };
  buildCallTrees(traces).forEach((tree) => tree.roots.forEach(visit));
  return [...rows.values(), ...tokens];
}

/** Value that leaves the caller: a call's or create's value (a delegatecall's is its caller's, not moved), a self-destruct's balance. */
function nativeValue(trace: Trace): bigint {
  // A delegatecall's or callcode's value stays with the caller (the callee's code runs in the caller's account).
  if (trace.type === "call" && !["delegatecall", "staticcall", "callcode"].includes(trace.action.callType ?? "")) {
    return hexValue(trace.action.value);
  }
  if (trace.type === "create") return hexValue(trace.action.value);
  if (trace.type === "suicide" || trace.type === "selfdestruct") return hexValue(trace.action.balance);
  return 0n;
}

function hexValue(value: string | undefined): bigint {
  return value && /^0x[0-9a-fA-F]+$/.test(value) ? BigInt(value) : 0n;
}

function tokenTransfer(trace: Trace, decoded: Decoded | null): Omit<ValueFlow, "reverted" | "frames"> | undefined {
  if (!decoded || (decoded.source !== "abi" && decoded.source !== "bundled")) return undefined;
  // The proxy's own frame carries a delegatecall's transfer; a callcode's runs in the caller's storage, not the token's.
  if (trace.action.callType === "delegatecall" || trace.action.callType === "callcode" || !trace.action.to) return undefined;
  const candidates = decoded.candidates.filter((c) => TOKEN_TRANSFERS.has(c.signature));
  const first = candidates[0];
  if (!first) return undefined;
  const at = TOKEN_TRANSFERS.get(first.signature)!;
  const from = at.from === undefined ? trace.action.from?.toLowerCase() : first.args[at.from]?.value;
  const to = first.args[at.to]?.value;
  const value = first.args[at.value]?.value;
  if (!from || !to || value === undefined) return undefined;
  const standards = [...new Set(candidates.flatMap((c) => c.interfaces ?? []))];
  return { from, to, value, asset: trace.action.to.toLowerCase(), source: decoded.source, ...(standards.length ? { standards } : {}) };
}
