// POST /api/traces with `decode: true`: the same answer, each trace with its `decoded` beside its fields.
// Decoding needs every frame of the page, so this answer is sent whole, not streamed as it arrives.
import "server-only";
import { InputError } from "@/lib/errors/input-error";
import type { TraceResult } from "@/lib/gateway/fetch-traces";
import { parseTraceRecords, type TraceRecord } from "@/lib/gateway/trace-record";
import { decodeTraces, type DecodeDeps } from "./decode-traces";

/** The body without `decode`, and whether it asked for decoding (true or false; anything else is a 400). */
export function takeDecodeFlag(body: unknown): { decode: boolean; rest: unknown } {
  if (typeof body !== "object" || body === null || Array.isArray(body) || !("decode" in body)) return { decode: false, rest: body };
  const { decode, ...rest } = body as Record<string, unknown>;
  if (typeof decode !== "boolean") throw new InputError("decode", "decode must be true or false");
  return { decode, rest };
}

export async function decodedTraceAnswer(result: TraceResult<TraceRecord>, decoder: DecodeDeps): Promise<Response> {
  const traces = parseTraceRecords(result.traces);
  const decoded = await decodeTraces(traces, decoder);
  return Response.json({ ...result, traces: traces.map((trace, index) => ({ ...trace, decoded: decoded[index] ?? null })) });
}
