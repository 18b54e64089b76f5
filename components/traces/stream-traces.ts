// Calls POST /api/traces asking for NDJSON, so the windows read so far arrive as progress before the result.
import { streamProgress } from "@/lib/client/stream-progress";
import type { TraceResult } from "@/lib/gateway/fetch-traces";
import type { TraceQuery } from "@/lib/gateway/query";

export interface TraceProgress {
  windowsDone: number;
  windows: number;
}

export function streamTraces(query: TraceQuery, signal: AbortSignal, onProgress: (progress: TraceProgress) => void): Promise<TraceResult> {
  const init = { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(query) };
  return streamProgress<TraceProgress, TraceResult>("/api/traces", init, signal, onProgress);
}
