import { parseTraceQuery } from "@/lib/gateway/query";
import type { TraceResult } from "@/lib/gateway/fetch-traces";
import { runTraceQuery } from "@/lib/gateway/run-query";
import { traceResultJson, traceResultResponse } from "@/lib/gateway/trace-answer";
import type { TraceRecord } from "@/lib/gateway/trace-record";
import { finalizedWindows, openGateway } from "@/lib/gateway/open-gateway";
import { InputError } from "@/lib/errors/input-error";
import { readBodyText } from "@/lib/http/json-body";
import { JSON_BODY_MAX_BYTES } from "@/lib/platform/runtime-limits";
import { operation } from "@/lib/http/operation";
import { UPSTREAM } from "@/lib/http/upstream-calls";
import { progressStream, wantsProgress } from "@/lib/http/progress-stream";

export const dynamic = "force-dynamic";

/** trace_filter over any block range: windows of 800 blocks, pages of 200 traces, merged in order. */
export const POST = operation(
  async ({ request, platform, allows }) => {
    const text = await readBodyText(request, JSON_BODY_MAX_BYTES);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new InputError("body", 'body must be JSON: {"fromBlock", "toBlock", "fromAddress"?, "toAddress"?, "after"?, "count"?}');
    }
    const query = parseTraceQuery(body);
    const gateway = openGateway(request.signal, platform.scheduler, allows);
    const run = (onProgress?: (done: number, total: number) => void) =>
      runTraceQuery(gateway, query, { cache: finalizedWindows, onProgress });
    // The records go out as the node's own bytes (checked as they arrived), never serialized again.
    if (wantsProgress(request)) {
      return progressStream<{ windowsDone: number; windows: number }, TraceResult<TraceRecord>>(
        request.signal,
        (progress) => run((windowsDone, windows) => progress({ windowsDone, windows })),
        (result) => traceResultJson(result, '{"result":', "}\n"),
      );
    }
    // The usage headers come from the operation: the gateway shares the request's budget and slots.
    return traceResultResponse(await run());
  },
  { role: "viewer", upstream: UPSTREAM.traces },
);
