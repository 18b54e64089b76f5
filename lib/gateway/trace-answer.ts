// POST /api/traces's answer written from the node's own record bytes: the same JSON as serializing the
// result (same keys, same order), without parsing the records into objects and serializing them again.
import type { TraceResult } from "./fetch-traces";
import type { TraceRecord } from "./trace-record";

const encoder = new TextEncoder();
const COMMA = 0x2c;

/** The result as JSON bytes, its `traces` spliced in where Response.json would have written them. */
export function traceResultJson(result: TraceResult<TraceRecord>, prefix = "", suffix = ""): Uint8Array<ArrayBuffer> {
  // Every other field is a number or boolean, so `"traces":0` marks the one place the records go.
  const text = JSON.stringify({ ...result, traces: 0 });
  const at = text.indexOf('"traces":0') + '"traces":'.length;
  const head = encoder.encode(`${prefix}${text.slice(0, at)}[`);
  const tail = encoder.encode(`]${text.slice(at + 1)}${suffix}`);
  const { traces } = result;
  let length = head.length + tail.length + Math.max(0, traces.length - 1);
  for (const trace of traces) length += trace.json.length;
  const out = new Uint8Array(length);
  out.set(head, 0);
  let offset = head.length;
  for (let i = 0; i < traces.length; i++) {
    if (i > 0) out[offset++] = COMMA;
    const json = traces[i]!.json;
    out.set(json, offset);
    offset += json.length;
  }
  out.set(tail, offset);
  return out;
}

/** The answer of POST /api/traces as JSON. */
export function traceResultResponse(result: TraceResult<TraceRecord>): Response {
  return new Response(traceResultJson(result), { headers: { "Content-Type": "application/json" } });
}
