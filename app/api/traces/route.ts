import { parseTraceQuery } from "@/lib/gateway/query";
import { runTraceQuery } from "@/lib/gateway/run-query";
import { finalizedWindows, openGateway } from "@/lib/gateway/session";
import { InputError } from "@/lib/http/input-error";
import { operation } from "@/lib/http/operation";
import { UPSTREAM } from "@/lib/http/upstream-calls";
import { progressStream, wantsProgress } from "@/lib/http/progress-stream";

export const dynamic = "force-dynamic";

/** trace_filter over any block range: windows of 800 blocks, pages of 200 traces, merged in order. */
export const POST = operation(async ({ request, allows }) => {
  const body: unknown = await request.json().catch(() => {
    throw new InputError("body", "body must be JSON: {\"fromBlock\", \"toBlock\", \"fromAddress\"?, \"toAddress\"?, \"after\"?, \"count\"?}");
  });
  const query = parseTraceQuery(body);
  const gateway = openGateway(request.signal, allows);
  const run = (onProgress?: (done: number, total: number) => void) =>
    runTraceQuery(gateway, query, { cache: finalizedWindows, onProgress });
  if (wantsProgress(request)) {
    return progressStream<{ windowsDone: number; windows: number }>(request.signal, (progress) =>
      run((windowsDone, windows) => progress({ windowsDone, windows })),
    );
  }
  const result = await run();
  const { subrequests, budget, peakInFlight } = gateway.scheduler.stats;
  return Response.json(result, {
    headers: { "X-Preflight-Subrequests": `${subrequests}/${budget}`, "X-Preflight-Peak-Connections": String(peakInFlight) },
  });
}, { role: "viewer", upstream: UPSTREAM.traces });
