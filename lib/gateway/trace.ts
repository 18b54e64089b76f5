// Trace kinds and ends, for the server and the browser alike (the schema is in trace-schema.ts).
import type { Trace } from "./trace-schema";

export type { Trace };

/** Trace kinds Preflight filters by; `selfdestruct` is the newer clients' name for `suicide`. */
export const TRACE_KINDS = ["call", "delegatecall", "staticcall", "create", "create2", "suicide", "reward"] as const;
export type TraceKind = (typeof TRACE_KINDS)[number] | "other";

export function traceKind(trace: Trace): TraceKind {
  switch (trace.type) {
    case "call": {
      const callType = trace.action.callType ?? "call";
      return callType === "delegatecall" || callType === "staticcall" ? callType : "call";
    }
    case "create":
      return trace.action.creationMethod === "create2" ? "create2" : "create";
    case "suicide":
    case "selfdestruct":
      return "suicide";
    case "reward":
      return "reward";
    default:
      return "other";
  }
}

/** The sender and recipient as the node's address filter sees them, lowercase. */
export function traceEnds(trace: Trace): { from?: string; to?: string } {
  const { action, result } = trace;
  const lower = (value: string | null | undefined) => value?.toLowerCase() ?? undefined;
  switch (trace.type) {
    case "create":
      return { from: lower(action.from), to: lower(result?.address) };
    case "suicide":
    case "selfdestruct":
      return { from: lower(action.address), to: lower(action.refundAddress) };
    case "reward":
      return { to: lower(action.author) };
    default:
      return { from: lower(action.from), to: lower(action.to) };
  }
}

/** True when a call's input begins with a function selector (`0x` and 8 hex digits): the only frames decoding applies to. */
export function hasSelector(input: string | undefined): input is string {
  return input !== undefined && /^0x[0-9a-fA-F]{8}/.test(input);
}
