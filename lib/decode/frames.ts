// A transaction's frames in tree order (a call before the calls it makes, siblings in order), each with
// its decoding: what GET /api/traces/transactions/{hash} answers, and what the page's tree shows.
import { compareAddress } from "@/lib/gateway/call-tree";
import { traceEnds, traceKind, type Trace } from "@/lib/gateway/trace";
import type { Decoded } from "./types";

export interface Frame {
  traceAddress: number[];
  /** call, delegatecall, staticcall, create, create2, suicide, reward, or the node's own word. */
  type: string;
  from: string | null;
  to: string | null;
  /** Wei, decimal text. */
  value: string;
  decoded: Decoded | null;
  /** The node's error for a failed frame. */
  error?: string;
  /** The frame or one of its callers failed: its effects were undone. */
  reverted: boolean;
  /** The call's input, as sent (0x hex). */
  input?: string;
}

/** `decoded[i]` belongs to `traces[i]`; the frames come back in tree order. */
export function transactionFrames(traces: readonly Trace[], decoded: ReadonlyArray<Decoded | null>): Frame[] {
  const order = traces.map((trace, index) => ({ trace, index })).sort((a, b) => compareAddress(a.trace.traceAddress, b.trace.traceAddress));
  const failed = order.filter(({ trace }) => trace.error !== undefined).map(({ trace }) => trace.traceAddress);
  return order.map(({ trace, index }) => {
    const kind = traceKind(trace);
    const { from, to } = traceEnds(trace);
    const value = trace.type === "suicide" || trace.type === "selfdestruct" ? trace.action.balance : trace.action.value;
    return {
      traceAddress: trace.traceAddress,
      type: kind === "other" ? trace.type : kind,
      from: from ?? null,
      to: to ?? null,
      value: value && /^0x[0-9a-fA-F]+$/.test(value) ? BigInt(value).toString() : "0",
      decoded: decoded[index] ?? null,
      ...(trace.error !== undefined ? { error: trace.error } : {}),
      reverted: failed.some((address) => isWithin(trace.traceAddress, address)),
      ...(trace.action.input ? { input: trace.action.input } : {}),
    };
  });
}

function isWithin(address: number[], ancestor: number[]): boolean {
  return ancestor.length <= address.length && ancestor.every((step, i) => address[i] === step);
}
