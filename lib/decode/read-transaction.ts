// One transaction, decoded: its block from eth_getTransactionByHash, its traces from trace_filter over
// that block (the gateway documents no trace_transaction), its frames decoded and its value flow summed.
import "server-only";
import { NotFoundError } from "@/lib/errors/not-found-error";
import type { WindowCache } from "@/lib/gateway/cache";
import type { GatewayClient } from "@/lib/gateway/gateway-client";
import { runTraceQuery } from "@/lib/gateway/run-query";
import { parseTraceRecords, type TraceRecord } from "@/lib/gateway/trace-record";
import { decodeTraces, type DecodeDeps } from "./decode-traces";
import { transactionFrames, type Frame } from "./frames";
import { valueFlow, type ValueFlow } from "./value-flow";

export interface DecodedTransaction {
  hash: string;
  blockNumber: number;
  blockHash: string;
  frames: Frame[];
  valueFlow: ValueFlow[];
  /** False when the subrequest budget ran out before the block was read: frames may be missing. */
  complete: boolean;
}

export async function readTransaction(
  gateway: GatewayClient,
  hash: string,
  decoder: DecodeDeps,
  cache?: WindowCache<TraceRecord>,
): Promise<DecodedTransaction> {
  const mined = await gateway.transactionBlock(hash);
  if (!mined) throw new NotFoundError(`The gateway knows no mined transaction ${hash}`);
  const block = mined.blockNumber;
  const result = await runTraceQuery(gateway, { fromBlock: block, toBlock: block }, { cache });
  const traces = parseTraceRecords(result.traces).filter((trace) => trace.transactionHash?.toLowerCase() === hash);
  if (traces.length === 0 && result.complete) throw new NotFoundError(`The gateway has no traces for transaction ${hash}`);
  const decoded = await decodeTraces(traces, decoder);
  const frames = transactionFrames(traces, decoded);
  return { hash, blockNumber: block, blockHash: mined.blockHash, frames, valueFlow: valueFlow(traces, decoded), complete: result.complete };
}
