// One trace record of a `trace_filter` result, checked for the fields Preflight reads. The record
// itself is passed on exactly as the node returned it: the schema only proves it can be read.
import { z } from "zod";

const hex = z.string().regex(/^0x[0-9a-fA-F]*$/, "must be hex");

export const traceSchema = z.looseObject({
  action: z.looseObject({
    from: hex.optional(),
    to: hex.nullable().optional(),
    callType: z.string().optional(),
    creationMethod: z.string().optional(),
    gas: hex.optional(),
    value: hex.optional(),
    input: hex.optional(),
    init: hex.optional(),
    address: hex.optional(), // suicide: the contract destroyed
    refundAddress: hex.optional(),
    balance: hex.optional(),
    author: hex.optional(), // reward: who is paid
    rewardType: z.string().optional(),
  }),
  blockHash: hex.nullable().optional(),
  blockNumber: z.number().int().nonnegative(),
  result: z
    .looseObject({ gasUsed: hex.optional(), output: hex.optional(), address: hex.optional(), code: hex.optional() })
    .nullable()
    .optional(),
  error: z.string().optional(),
  subtraces: z.number().int().nonnegative(),
  traceAddress: z.array(z.number().int().nonnegative()),
  // Erigon omits both on reward traces; OpenEthereum sent null.
  transactionHash: hex.nullable().optional(),
  transactionPosition: z.number().int().nonnegative().nullable().optional(),
  type: z.string(),
});

export type Trace = z.infer<typeof traceSchema>;

export const traceListSchema = z.array(traceSchema);

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
