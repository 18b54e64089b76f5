// Calls POST /api/traces asking for NDJSON, so the windows read so far arrive as progress before the result.
import { OperationError } from "@/lib/client/fetch-json";
import type { TraceResult } from "@/lib/gateway/fetch-traces";
import type { TraceQuery } from "@/lib/gateway/query";

export interface TraceProgress {
  windowsDone: number;
  windows: number;
}

type Line =
  | { progress: TraceProgress }
  | { result: TraceResult }
  | { error: { message: string; field?: string }; status: number };

export async function streamTraces(query: TraceQuery, signal: AbortSignal, onProgress: (progress: TraceProgress) => void): Promise<TraceResult> {
  let response: Response;
  try {
    response = await fetch("/api/traces", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/x-ndjson" },
      body: JSON.stringify(query),
      signal,
    });
  } catch (error) {
    signal.throwIfAborted();
    throw new OperationError(`Preflight's server could not be reached (${String(error)}). Is it still running?`, 0);
  }
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => undefined)) as { error?: { message?: string; field?: string } } | undefined;
    throw new OperationError(body?.error?.message ?? `Preflight answered HTTP ${response.status}`, response.status, body?.error?.field);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    buffer += value ?? "";
    const lines = buffer.split("\n");
    buffer = lines.pop() ?? "";
    for (const text of lines.filter(Boolean)) {
      const line = JSON.parse(text) as Line;
      if ("progress" in line) onProgress(line.progress);
      else if ("result" in line) return line.result;
      else throw new OperationError(line.error.message, line.status, line.error.field);
    }
    if (done) throw new OperationError("The answer stopped before the traces arrived; try again.", 0);
  }
}
