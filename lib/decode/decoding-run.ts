// POST /api/traces with `decode: true`, on the undecoded read's own path: each chunk of records the
// gateway answers is decoded as it arrives (its transactions complete so far) and handed on to the same
// streamed answer and progress, so decoding overlaps the read instead of following it.
import "server-only";
import type { Trace } from "@/lib/gateway/trace";
import type { TraceResult, TracesSoFar } from "@/lib/gateway/fetch-traces";
import type { StreamedRun } from "@/lib/gateway/trace-response";
import type { TraceRecord } from "@/lib/gateway/trace-record";
import { NO_DECODING, withDecoded } from "./decoded-record";
import { recordHasSelector, recordTransaction, sameBytes } from "./record-bytes";
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
    /** Replaces each record of traces[from, to) that has a decoding by one carrying it: only frames with a selector are parsed. */
    const decodeInPlace = async (traces: TraceRecord[], from: number, to: number): Promise<void> => {
      const withSelector: number[] = [];
      for (let i = from; i < to; i++) if (recordHasSelector(traces[i]!)) withSelector.push(i);
      const deps = await decoder; // a decoder that failed to open fails the read, even with nothing to decode
      if (withSelector.length === 0) return;
      const decoded = await decodeTraces(
        withSelector.map((i) => JSON.parse(text.decode(traces[i]!.json)) as Trace),
        deps,
        memo,
      );
      withSelector.forEach((i, k) => {
        const found = decoded[k];
        if (found) traces[i] = withDecoded(traces[i]!, found);
      });
    };
    // The result's traces as they are streamed: out[i] is the gateway's records[from + i], decoded, for those up to
    // decodedTo. One array, grown as chunks arrive, is both what the answer streams and (when the result is what was
    // streamed) the result: no record array is copied per chunk.
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
          const start = s.out.length;
          for (let i = s.decodedTo; i < end; i++) s.out.push(soFar.records[i]!);
          s.decodedTo = end;
          await decodeInPlace(s.out, start, s.out.length);
          onTraces({ head: soFar.head, records: s.out, from: 0, to: s.out.length });
        })
        .catch((error: unknown) => void (failed ??= { error }));
    };
    const result = await run(streamed, onProgress);
    await chain;
    if (failed) throw failed.error;
    // What was streamed, where the result begins with it (one call's answer): only the rest is decoded now. Otherwise
    // the result is decoded whole, in an array of its own (the answer then fails: it differs from what was sent).
    const s = stream;
    const traces = s && beginsWith(result.traces, s.source, s.from, s.decodedTo) ? s.out : [];
    const start = traces.length;
    for (let i = start; i < result.traces.length; i++) traces.push(result.traces[i]!);
    await decodeInPlace(traces, start, traces.length);
    return { ...result, traces } satisfies TraceResult<TraceRecord>;
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
    const transaction = recordTransaction(records[middle]!);
    if (transaction && sameBytes(transaction, last)) high = middle;
    else low = middle + 1;
  }
  return low;
}
