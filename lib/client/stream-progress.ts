// Calls an operation asking for NDJSON (lib/http/progress-stream.ts), so progress lines arrive before
// the result: long work shows how far it got instead of a bare spinner.
import { errorFromAnswer, OperationError } from "@/lib/client/fetch-json";

type Line<P, R> = { progress: P } | { result: R } | { error: unknown; status: number };

export async function streamProgress<P, R>(
  url: string,
  init: RequestInit,
  signal: AbortSignal,
  onProgress: (progress: P) => void,
): Promise<R> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, headers: { ...init.headers, Accept: "application/x-ndjson" }, signal });
  } catch (error) {
    signal.throwIfAborted();
    throw new OperationError(`Preflight's server could not be reached (${String(error)}). Is it still running?`, 0);
  }
  if (!response.ok || !response.body) {
    throw errorFromAnswer(response.status, await response.json().catch(() => undefined), response.headers.get("retry-after"));
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  const stopped = () => new OperationError("The answer stopped before it was complete; try again.", 0);
  for (;;) {
    let chunk: ReadableStreamReadResult<string>;
    try {
      chunk = await reader.read();
    } catch {
      // The server ended the answer with an error (it failed after its result began), or the connection broke.
      signal.throwIfAborted();
      throw stopped();
    }
    const { value, done } = chunk;
    buffer += value ?? "";
    const lines = buffer.split("\n");
    buffer = lines.pop() ?? "";
    for (const text of lines.filter(Boolean)) {
      const line = JSON.parse(text) as Line<P, R>;
      if ("progress" in line) onProgress(line.progress);
      else if ("result" in line) return line.result;
      else throw errorFromAnswer(line.status, line);
    }
    if (done) throw stopped();
  }
}
