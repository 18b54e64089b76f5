// A long operation's answer as NDJSON: `{"progress":…}` lines while it works, then one `{"result":…}`
// or `{"error":…,"status":n}` line. Asked for with `Accept: application/x-ndjson`; plain JSON otherwise.
import "server-only";
import { errorResponse, type ErrorBody } from "@/lib/http/error-response";

export function wantsProgress(request: Request): boolean {
  return request.headers.get("accept")?.includes("application/x-ndjson") ?? false;
}

export function progressStream<P>(signal: AbortSignal, run: (progress: (update: P) => void) => Promise<unknown>): Response {
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (line: object) => {
        if (!signal.aborted) controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
      };
      try {
        send({ result: await run((progress) => send({ progress })) });
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
