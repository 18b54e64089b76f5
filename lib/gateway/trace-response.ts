// POST /api/traces's answer, sent while the gateway's answer arrives where one call's answer is the
// whole result (trace-stream.ts), whole otherwise. Whatever fails before the first byte is thrown, so
// the operation answers it as always (4xx/502 JSON with its kind); a failure after it ends the stream
// with an error: the body's read fails and its JSON never closes.
import "server-only";
import { abandon, progressStream } from "@/lib/http/progress-stream";
import type { TraceResult, TracesSoFar } from "./fetch-traces";
import type { TraceRecord } from "./trace-record";
import { TraceAnswerWriter, TraceStreamError } from "./trace-stream";

export type StreamedRun = ((
  onTraces: (soFar: TracesSoFar<TraceRecord>) => void,
  onProgress?: (windowsDone: number, windows: number) => void,
) => Promise<TraceResult<TraceRecord>>) & {
  /** Fields the run's answer writes into every record that carries none of its own (decoding's `"decoded":null`). */
  readonly added?: Uint8Array;
};

const JSON_HEADERS = { "Content-Type": "application/json" };

/** `stop`: aborts the gateway's calls (the client went away, or the answer cannot be completed). */
export async function traceResponse(run: StreamedRun, stop: AbortController): Promise<Response> {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    start: (c) => void (controller = c),
    cancel: () => {
      cancelled = true; // the client went away: nothing to finish, nothing to log
      stop.abort();
    },
  });
  let opened!: () => void;
  const open = new Promise<void>((resolve) => (opened = resolve));
  const writer = new TraceAnswerWriter(
    {
      write: (bytes) => {
        opened();
        controller.enqueue(bytes);
      },
      fail: (reason) => stop.abort(new TraceStreamError(reason)),
    },
    "",
    "",
    run.added,
  );
  const result = run((soFar) => writer.traces(soFar));
  const first = await Promise.race([result, open]);
  if (!writer.started) return new Response(writer.end(first!), { headers: JSON_HEADERS });
  const broke = (error: unknown) => {
    stop.abort();
    if (!cancelled) abandon(controller, error);
  };
  result.then((value) => {
    try {
      controller.enqueue(writer.end(value));
      controller.close();
    } catch (error) {
      broke(error);
    }
  }, broke);
  return new Response(body, { headers: JSON_HEADERS });
}

/** The same as NDJSON (`Accept: application/x-ndjson`): progress lines, then the result's line as it is read. */
export function traceProgressResponse(signal: AbortSignal, run: StreamedRun, stop: AbortController): Response {
  let writer!: TraceAnswerWriter;
  return progressStream<{ windowsDone: number; windows: number }, TraceResult<TraceRecord>>(
    signal,
    (progress, early) => {
      const fail = (reason: string) => stop.abort(new TraceStreamError(reason));
      writer = new TraceAnswerWriter({ write: early, fail }, '{"result":', "}\n", run.added);
      return run(
        (soFar) => writer.traces(soFar),
        (windowsDone, windows) => progress({ windowsDone, windows }),
      );
    },
    (result) => writer.end(result),
  );
}
