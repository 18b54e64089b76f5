// POST /api/traces with `decode: true`: the same answer, each trace with its `decoded` beside its fields.
// Decoding needs every frame of the page, so this answer is sent whole, not streamed as it arrives.
import "server-only";
import { InputError } from "@/lib/errors/input-error";
import type { TraceResult } from "@/lib/gateway/fetch-traces";
import { traceResultResponse } from "@/lib/gateway/trace-answer";
import { parseTraceRecords, type TraceRecord } from "@/lib/gateway/trace-record";
import { decodeTraces, type DecodeDeps } from "./decode-traces";

/** The body without `decode`, and whether it asked for decoding (true or false; anything else is a 400). */
export function takeDecodeFlag(body: unknown): { decode: boolean; rest: unknown } {
  if (typeof body !== "object" || body === null || Array.isArray(body) || !("decode" in body)) return { decode: false, rest: body };
  const { decode, ...rest } = body as Record<string, unknown>;
  if (typeof decode !== "boolean") throw new InputError("decode", "decode must be true or false");
  return { decode, rest };
}

const encoder = new TextEncoder();
const NULL_DECODED = encoder.encode(',"decoded":null}');

export async function decodedTraceAnswer(result: TraceResult<TraceRecord>, decoder: DecodeDeps): Promise<Response> {
  const decoded = await decodeTraces(parseTraceRecords(result.traces), decoder);
  // Each record stays the node's bytes: `decoded` is spliced in before its closing brace, never re-serialized.
  const traces = result.traces.map((record, index) => {
    const extra = decoded[index] ? encoder.encode(`,"decoded":${JSON.stringify(decoded[index])}}`) : NULL_DECODED;
    const json = new Uint8Array(record.json.length - 1 + extra.length);
    json.set(record.json.subarray(0, record.json.length - 1), 0);
    json.set(extra, record.json.length - 1);
    return { blockNumber: record.blockNumber, json };
  });
  return traceResultResponse({ ...result, traces });
}
