// The explorer's JSON export, decoded: only the exported traces' blocks are read again with `decode: true`
// (finalized windows come from Preflight's cache), and each exported trace takes its own record's `decoded`.
import type { Trace } from "@/lib/gateway/trace";
import type { TraceQuery } from "@/lib/gateway/query";
import type { Decoded } from "./types";

export type ExportedTrace = Trace & { decoded: Decoded | null };

/** The query that decodes what is exported: the shown query narrowed to the exported traces' blocks. */
export function exportDecodeQuery(query: TraceQuery, exported: readonly Trace[]): TraceQuery & { decode: true } {
  const blocks = exported.map((trace) => trace.blockNumber);
  return { ...query, fromBlock: Math.min(...blocks), toBlock: Math.max(...blocks), after: undefined, count: undefined, decode: true };
}

/** Each exported trace with the `decoded` of the same frame in the decoded answer (null where it has none). */
export function withExportedDecoding(
  exported: readonly Trace[],
  decoded: ReadonlyArray<Trace & { decoded?: Decoded | null }>,
): ExportedTrace[] {
  const byFrame = new Map(decoded.map((trace) => [frameKey(trace), trace.decoded ?? null]));
  return exported.map((trace) => ({ ...trace, decoded: byFrame.get(frameKey(trace)) ?? null }));
}

function frameKey(trace: Trace): string {
  return `${trace.blockNumber}|${trace.transactionHash ?? trace.type}|${trace.traceAddress.join(".")}|${trace.type}`;
}
