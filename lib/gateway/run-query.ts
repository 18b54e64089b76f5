// Runs a parsed trace query against the gateway: block tags resolved to numbers, then the windowed read,
// while the finalized block (what may be cached) is learned alongside.
import "server-only";
import type { WindowCache } from "./cache";
import { fetchTraces, type FetchTracesOptions, type TraceResult } from "./fetch-traces";
import type { GatewayClient } from "./gateway-client";
import { InputError } from "@/lib/errors/input-error";
import type { BlockRef, TraceQuery } from "./query";
import type { TraceRecord } from "./trace-record";

export async function runTraceQuery(
  gateway: GatewayClient,
  query: TraceQuery,
  options: Pick<FetchTracesOptions<TraceRecord>, "onProgress" | "onTraces"> & { cache?: WindowCache<TraceRecord> } = {},
): Promise<TraceResult<TraceRecord>> {
  // The finalized block only decides what may be cached: learned alongside the windows, not before them.
  const finalizedBlock = options.cache?.finalizedBlock(() => gateway.blockNumber("finalized"));
  const [fromBlock, toBlock] = await Promise.all([
    resolve(gateway, query.fromBlock, "fromBlock"),
    resolve(gateway, query.toBlock, "toBlock"),
  ]);
  if (fromBlock > toBlock) throw new InputError("toBlock", `toBlock (${toBlock}) must not be below fromBlock (${fromBlock})`);
  return fetchTraces(
    (filter, onRecords) => gateway.traceFilter(filter, onRecords),
    { ...query, fromBlock, toBlock },
    { ...options, finalizedBlock },
  );
}

async function resolve(gateway: GatewayClient, ref: BlockRef, field: string): Promise<number> {
  if (typeof ref === "number") return ref;
  if (ref === "earliest") return 0;
  const number = await gateway.blockNumber(ref);
  if (number === undefined) throw new InputError(field, `${field} is ${ref}, but the node has no ${ref} block yet`);
  return number;
}
