// POST /api/traces with `decode: true`, on the undecoded read's own path: each chunk of records the
// gateway answers is decoded as it arrives (its transactions complete so far) and handed on to the same
// streamed answer and progress, so decoding overlaps the read instead of following it.
import "server-only";
import type { Trace } from "@/lib/gateway/trace";
import type { TraceResult, TracesSoFar } from "@/lib/gateway/fetch-traces";
import type { StreamedRun } from "@/lib/gateway/trace-response";
import type { TraceRecord } from "@/lib/gateway/trace-record";
import { NO_DECODING, withDecoded } from "./decoded-record";
import { recordHasSelector, recordTransaction } from "./record-bytes";
import { decodeTraces, type DecodeDeps, type DecodeMemo } from "./decode-traces";

const text = new TextDecoder();

/**
 * `run`, each record with `decoded`: a record with a decoding is replaced by one carrying it, the others stay as they
 * are and the answer writes `"decoded":null` into them (`added`). The same records (by identity) for the streamed part
 * and the result.
 */
export function decodingRun(run: StreamedRun, decoder: Promise<DecodeDeps>): StreamedRun {
  decoder.catch(() => undefined); // a failed opening fails the run where it is awaited, never unhandled
  const decoding: StreamedRun = async (onTraces, onProgress) => {
    const memo: DecodeMemo = new Map();
    const decode = async (records: readonly TraceRecord[]): Promise<TraceRecord[]> => {
      const out = records.slice();
      if (records.length === 0) return out;
      // Only frames with a selector are parsed and decoded (a proxy and its delegate both carry one).
      const withSelector: number[] = [];
      for (let i = 0; i < records.length; i++) if (recordHasSelector(records[i]!)) withSelector.push(i);
      const decoded = await decodeTraces(
        withSelector.map((i) => JSON.parse(text.decode(records[i]!.json)) as Trace),
        await decoder,
        memo,
      );
      withSelector.forEach((i, k) => {
        const found = decoded[k];
        if (found) out[i] = withDecoded(records[i]!, found);
      });
      return out;
    };
    // Indexed as the gateway's records are: out[i] is records[i] as answered, for i in [from, decodedTo).
    let stream: { source: readonly TraceRecord[]; out: TraceRecord[]; from: number; decodedTo: number } | undefined;
    let chain = Promise.resolve();
    let failed: { error: unknown } | undefined;
    const streamed = (soFar: TracesSoFar<TraceRecord>) => {
      chain = chain
        .then(async () => {
          if (failed) return;
          if (stream?.source !== soFar.records) stream = { source: soFar.records, out: [], from: soFar.from, decodedTo: soFar.from };
          const s = stream;
          const end = completeTransactionsEnd(soFar.records, s.decodedTo, soFar.to);
          if (end <= s.decodedTo) return;
          const decoded = await decode(soFar.records.slice(s.decodedTo, end));
          decoded.forEach((record, index) => (s.out[s.decodedTo + index] = record));
          s.decodedTo = end;
          onTraces({ head: soFar.head, records: s.out, from: s.from, to: end });
        })
        .catch((error: unknown) => void (failed ??= { error }));
    };
    const result = await run(streamed, onProgress);
    await chain;
    if (failed) throw failed.error;
    // What was streamed, where the result begins with it (one call's answer): only the rest is decoded now.
    const s = stream;
    const sent = s && beginsWith(result.traces, s.source, s.from, s.decodedTo) ? s.out.slice(s.from, s.decodedTo) : [];
    const rest = await decode(result.traces.slice(sent.length));
    return { ...result, traces: sent.length ? sent.concat(rest) : rest } satisfies TraceResult<TraceRecord>;
  };
  return Object.assign(decoding, { added: NO_DECODING });
}

/** Whether `traces` begins with source[from, to), record for record. */
function beginsWith(traces: readonly TraceRecord[], source: readonly TraceRecord[], from: number, to: number): boolean {
  if (traces.length < to - from) return false;
  for (let i = from; i < to; i++) if (traces[i - from] !== source[i]) return false;
  return true;
}

/**
 * The end of [from, to) without its last transaction, whose next frames may come in the next chunk. A
 * transaction's frames are contiguous, so where it starts is found by bisection: a transaction of a
 * thousand frames spanning several chunks is not walked again at every chunk.
 */
function completeTransactionsEnd(records: readonly TraceRecord[], from: number, to: number): number {
  if (to <= from) return from;
  const last = recordTransaction(records[to - 1]!);
  if (!last) return to;
  let low = from; // records[to - 1] is in the last transaction; find the first of [low, to) that is
  let high = to - 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (recordTransaction(records[middle]!)?.equals(last)) high = middle;
    else low = middle + 1;
  }
  return low;
}
