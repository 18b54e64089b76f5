import { parseTraceQuery } from "@/lib/gateway/query";
import { runTraceQuery } from "@/lib/gateway/run-query";
import { traceProgressResponse, traceResponse, type StreamedRun } from "@/lib/gateway/trace-response";
import { finalizedWindows, openGateway } from "@/lib/gateway/open-gateway";
import { InputError } from "@/lib/errors/input-error";
import { readBodyText } from "@/lib/http/json-body";
import { JSON_BODY_MAX_BYTES } from "@/lib/platform/runtime-limits";
import { operation } from "@/lib/http/operation";
import { UPSTREAM } from "@/lib/http/upstream-calls";
import { wantsProgress } from "@/lib/http/progress-stream";
import { openDecoder } from "@/lib/decode/open-decoder";
import { takeDecodeFlag } from "@/lib/decode/decoded-traces-answer";
import { decodingRun } from "@/lib/decode/decoding-run";

export const dynamic = "force-dynamic";

/**
 * trace_filter over any block range: windows of 800 blocks, pages of 200 traces, merged in order. With
 * `decode: true` each trace also carries `decoded`: decoded as its window's pages arrive, streamed the same way.
 */
export const POST = operation(
  async ({ request, platform, allows }) => {
    const text = await readBodyText(request, JSON_BODY_MAX_BYTES);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new InputError("body", 'body must be JSON: {"fromBlock", "toBlock", "fromAddress"?, "toAddress"?, "after"?, "count"?}');
    }
    const { decode, rest } = takeDecodeFlag(body);
    const query = parseTraceQuery(rest);
    // Stopped when the browser goes away, or when an answer already begun cannot be completed.
    const stop = new AbortController();
    const gateway = openGateway(AbortSignal.any([request.signal, stop.signal]), platform.scheduler, allows);
    const read: StreamedRun = (onTraces, onProgress) => runTraceQuery(gateway, query, { cache: finalizedWindows, onTraces, onProgress });
    // The decoder opens alongside the read: its ABI listing overlaps the gateway's answers.
    const run = decode ? decodingRun(read, openDecoder(gateway)) : read;
    // The records go out as the node's own bytes (checked as they arrived), never serialized again; where
    // one call's answer is the whole result, while it arrives (lib/gateway/trace-response.ts).
    // The usage headers come from the operation: the gateway shares the request's budget and slots.
    if (wantsProgress(request)) return traceProgressResponse(request.signal, run, stop);
    return traceResponse(run, stop);
  },
  { role: "viewer", upstream: UPSTREAM.traces },
);
