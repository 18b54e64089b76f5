// POST /api/traces's answer written from the node's own record bytes: the same JSON as serializing the
// result (same keys, same order), without parsing the records into objects and serializing them again.
import type { TraceResult } from "./fetch-traces";
import { recordLength, writeRecord, type TraceRecord } from "./trace-record";

const encoder = new TextEncoder();
const COMMA = 0x2c;

/** The result's JSON around its `traces`: `head` ends with `[`, `tail` starts with `]`. */
export function traceResultParts(result: TraceResult<TraceRecord>, prefix = "", suffix = ""): { head: string; tail: string } {
  // Every other field is a number or boolean, so `"traces":0` marks the one place the records go.
  const text = JSON.stringify({ ...result, traces: 0 });
  const at = text.indexOf('"traces":0') + '"traces":'.length;
  return { head: `${prefix}${text.slice(0, at)}[`, tail: `]${text.slice(at + 1)}${suffix}` };
}

/** The result as JSON bytes, its `traces` spliced in where Response.json would have written them. */
export function traceResultJson(result: TraceResult<TraceRecord>, prefix = "", suffix = "", added?: Uint8Array): Uint8Array<ArrayBuffer> {
  const { head, tail } = traceResultParts(result, prefix, suffix);
  return joinRecords(head, result.traces, 0, result.traces.length, false, tail, added);
}

/**
 * `before`, records[from, to) comma-separated (a comma first too when `comma`), then `after`: one chunk.
 * `added`: the fields written into each record that carries none of its own (trace-record.ts).
 */
export function joinRecords(
  before: string,
  records: readonly TraceRecord[],
  from: number,
  to: number,
  comma: boolean,
  after = "",
  added?: Uint8Array,
): Uint8Array<ArrayBuffer> {
  const head = encoder.encode(before);
  const tail = encoder.encode(after);
  let length = head.length + tail.length;
  for (let i = from; i < to; i++) length += recordLength(records[i]!, added) + (i > from || comma ? 1 : 0);
  const out = new Uint8Array(length);
  out.set(head, 0);
  let offset = head.length;
  for (let i = from; i < to; i++) {
    if (i > from || comma) out[offset++] = COMMA;
    offset = writeRecord(records[i]!, out, offset, added);
  }
  out.set(tail, offset);
  return out;
}

/** The answer of POST /api/traces as JSON. */
export function traceResultResponse(result: TraceResult<TraceRecord>, added?: Uint8Array): Response {
  return new Response(traceResultJson(result, "", "", added), { headers: { "Content-Type": "application/json" } });
}
