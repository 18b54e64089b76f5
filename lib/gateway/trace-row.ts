// A trace as one table or CSV row: the node's hex quantities made readable (value in ETH, gas in
// decimal), the call's 4-byte selector, and who sent to whom whatever the trace type.
import { formatEther } from "./address";
import { traceEnds, traceKind, type Trace, type TraceKind } from "./trace";

export interface TraceRow {
  block: number;
  transaction: string;
  position: number | "";
  traceAddress: string;
  type: string;
  kind: TraceKind;
  from: string;
  to: string;
  valueEth: string;
  gas: string;
  gasUsed: string;
  error: string;
  selector: string;
}

export function toTraceRow(trace: Trace): TraceRow {
  const { action, result } = trace;
  const { from, to } = traceEnds(trace);
  const callType = action.callType ?? action.creationMethod ?? action.rewardType;
  const value = action.value ?? action.balance;
  return {
    block: trace.blockNumber,
    transaction: trace.transactionHash ?? "",
    position: trace.transactionPosition ?? "",
    traceAddress: trace.traceAddress.length ? trace.traceAddress.join(".") : "",
    type: callType && callType !== trace.type ? `${trace.type} (${callType})` : trace.type,
    kind: traceKind(trace),
    from: from ?? "",
    to: to ?? "",
    valueEth: value ? formatEther(BigInt(value)) : "",
    gas: decimal(action.gas),
    gasUsed: decimal(result?.gasUsed),
    error: trace.error ?? "",
    selector: selectorOf(action.input),
  };
}

function decimal(hex: string | undefined): string {
  return hex && hex !== "0x" ? BigInt(hex).toString() : "";
}

/** The first 4 bytes of call data name the function called; shorter data (a plain transfer) has none. */
function selectorOf(input: string | undefined): string {
  return input && input.length >= 10 ? input.slice(0, 10).toLowerCase() : "";
}
