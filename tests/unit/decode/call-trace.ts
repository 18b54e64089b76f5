// One CALL frame of a made-up transaction (block 5), for tests that build a trace by hand rather than record one.
import type { Trace } from "@/lib/gateway/trace";

export interface CallFrame {
  from: string;
  to: string;
  input: string;
  traceAddress?: number[];
  callType?: string;
  value?: string;
  output?: string;
  error?: string;
}

export function callTrace(frame: CallFrame): Trace {
  return {
    type: "call",
    action: {
      callType: frame.callType ?? "call",
      from: frame.from,
      to: frame.to,
      input: frame.input,
      value: frame.value ?? "0x0",
      gas: "0x5208",
    },
    result: { gasUsed: "0x5208", output: frame.output ?? "0x" },
    ...(frame.error ? { error: frame.error } : {}),
    traceAddress: frame.traceAddress ?? [],
    subtraces: 0,
    blockNumber: 5,
    blockHash: `0x${"11".repeat(32)}`,
    transactionHash: `0x${"22".repeat(32)}`,
    transactionPosition: 0,
  } as Trace;
}
