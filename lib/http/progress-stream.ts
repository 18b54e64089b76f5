// A long operation's answer as NDJSON: `{"progress":…}` lines while it works, then one `{"result":…}`
// or `{"error":…,"status":n}` line. Asked for with `Accept: application/x-ndjson`; plain JSON otherwise.
import "server-only";
import { errorKind, errorResponse, type ErrorBody } from "@/lib/http/error-response";

const encoder = new TextEncoder();

export function wantsProgress(request: Request): boolean {
  return request.headers.get("accept")?.includes("application/x-ndjson") ?? false;
}

/**
 * `resultLine`: the result's whole line (`{"result":…}` and its newline) as bytes, for a result that
 * writes its own JSON (the trace records' bytes, lib/gateway/trace-answer.ts). `run` may begin that
 * line itself with `early` while it works (resultLine then gives the rest): a failure after that can
 * only end the stream with an error (the line never closes), never with an error line.
 */
export function progressStream<P, R = unknown>(
  signal: AbortSignal,
  run: (progress: (update: P) => void, early: (resultBytes: Uint8Array) => void) => Promise<R>,
  resultLine: (result: R) => Uint8Array = (result) => encoder.encode(`${JSON.stringify({ result })}\n`),
): Response {
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const enqueue = (bytes: Uint8Array) => {
        if (!signal.aborted) controller.enqueue(bytes);
      };
      const send = (line: object) => enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
      let begun = false;
      const early = (bytes: Uint8Array) => {
        begun = true;
        enqueue(bytes);
      };
      try {
        // No progress line once the result's line began: it would land inside it.
        enqueue(resultLine(await run((progress) => begun || send({ progress }), early)));
      } catch (error) {
        if (signal.aborted) return controller.close(); // the browser went away (cancel): nothing to say
        if (begun) return abandon(controller, error);
        const response = errorResponse(error);
        send({ ...((await response.json()) as ErrorBody), status: response.status });
      }
      controller.close();
    },
  });
  return new Response(stream, { headers: { "Content-Type": "application/x-ndjson", "Cache-Control": "no-store" } });
}

/** A result line that began cannot take an error line: the stream ends with an error, the line never closes. */
export function abandon(controller: ReadableStreamDefaultController<Uint8Array>, error: unknown): void {
  console.error(`[preflight] an answer stopped after its result began to be sent (${errorKind(error)})`);
  controller.error(new Error("the answer could not be completed"));
}
