// What a transaction moved: the native value of each frame (`action.value`), summed per from → to, and,
// where a frame decoded as a token transfer (ERC-20/721/1155 `transfer*`), that transfer, labelled by
// how it was decoded. A reverted frame's value (a failed call, or one beneath it) did not move.
import type { Trace } from "@/lib/gateway/trace";
import { traceEnds } from "@/lib/gateway/trace";
import { buildCallTrees, type CallNode } from "@/lib/gateway/call-tree";
import type { Candidate, Decoded, DecodeSource } from "./types";

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

const TOKEN_TRANSFERS = new Set(["transfer", "transferFrom", "safeTransferFrom"]);

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
  if (trace.type === "call" && trace.action.callType !== "delegatecall" && trace.action.callType !== "staticcall") {
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
  if (trace.action.callType === "delegatecall" || !trace.action.to) return undefined; // the proxy's own frame carries it
  const candidates = decoded.candidates.filter((c) => TOKEN_TRANSFERS.has(c.name));
  const first = candidates[0];
  if (!first) return undefined;
  const arg = (candidate: Candidate, ...names: string[]) => candidate.args.find((a) => names.includes(a.name))?.value;
  const from = arg(first, "from", "_from", "sender") ?? trace.action.from?.toLowerCase();
  const to = arg(first, "to", "_to", "recipient", "dst");
  const value = arg(first, "value", "amount", "tokenId", "id", "_value", "wad") ?? first.args.find((a) => a.type.startsWith("uint"))?.value;
  if (!from || !to || value === undefined) return undefined;
  const standards = [...new Set(candidates.flatMap((c) => c.interfaces ?? []))];
  return { from, to, value, asset: trace.action.to.toLowerCase(), source: decoded.source, ...(standards.length ? { standards } : {}) };
}
