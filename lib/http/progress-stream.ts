// A long operation's answer as NDJSON: `{"progress":…}` lines while it works, then one `{"result":…}`
// or `{"error":…,"status":n}` line. Asked for with `Accept: application/x-ndjson`; plain JSON otherwise.
import "server-only";
import { errorResponse, type ErrorBody } from "@/lib/http/error-response";

const encoder = new TextEncoder();

export function wantsProgress(request: Request): boolean {
  return request.headers.get("accept")?.includes("application/x-ndjson") ?? false;
}

/**
 * `resultLine`: the result's whole line (`{"result":…}` and its newline) as bytes, for a result that
 * writes its own JSON (the trace records' bytes, lib/gateway/trace-answer.ts).
 */
export function progressStream<P, R = unknown>(
  signal: AbortSignal,
  run: (progress: (update: P) => void) => Promise<R>,
  resultLine: (result: R) => Uint8Array = (result) => encoder.encode(`${JSON.stringify({ result })}\n`),
): Response {
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const enqueue = (bytes: Uint8Array) => {
        if (!signal.aborted) controller.enqueue(bytes);
      };
      const send = (line: object) => enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
      try {
        enqueue(resultLine(await run((progress) => send({ progress }))));
      } catch (error) {
        if (signal.aborted) return controller.close(); // the browser went away (cancel): nothing to say
        const response = errorResponse(error);
        send({ ...((await response.json()) as ErrorBody), status: response.status });
      }
      controller.close();
    },
  });
  return new Response(stream, { headers: { "Content-Type": "application/x-ndjson", "Cache-Control": "no-store" } });
}
