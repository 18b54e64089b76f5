// POST /api/traces with `decode: true`: the same answer, each trace with its `decoded` beside its fields.
// The route streams it as the undecoded read (decoding-run.ts); this whole answer serves a result in hand.
import "server-only";
import { InputError } from "@/lib/errors/input-error";
import type { TraceResult } from "@/lib/gateway/fetch-traces";
import { traceResultResponse } from "@/lib/gateway/trace-answer";
import type { TraceRecord } from "@/lib/gateway/trace-record";
import type { DecodeDeps } from "./decode-traces";
import { decodingRun } from "./decoding-run";

/** The body without `decode`, and whether it asked for decoding (true or false; anything else is a 400). */
export function takeDecodeFlag(body: unknown): { decode: boolean; rest: unknown } {
  if (typeof body !== "object" || body === null || Array.isArray(body) || !("decode" in body)) return { decode: false, rest: body };
  const { decode, ...rest } = body as Record<string, unknown>;
  if (typeof decode !== "boolean") throw new InputError("decode", "decode must be true or false");
  return { decode, rest };
}

export async function decodedTraceAnswer(result: TraceResult<TraceRecord>, decoder: DecodeDeps): Promise<Response> {
  const run = decodingRun(async () => result, Promise.resolve(decoder));
  return traceResultResponse(await run(() => undefined), run.added);
}
