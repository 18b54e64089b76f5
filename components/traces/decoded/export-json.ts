// Export JSON with each trace's `decoded`: the exported traces' blocks read again with decode: true.
import { downloadText } from "@/lib/client/download-csv";
import { exportDecodeQuery, withExportedDecoding } from "@/lib/decode/exported-traces";
import type { TraceQuery } from "@/lib/gateway/query";
import type { Trace } from "@/lib/gateway/trace";

export async function exportDecodedJson(query: TraceQuery, exported: readonly Trace[]): Promise<void> {
  const response = await fetch("/api/traces", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(exportDecodeQuery(query, exported)),
  });
  const body = (await response.json().catch(() => ({}))) as { traces?: Trace[]; error?: { message?: string } };
  if (!response.ok || !body.traces) throw new Error(body.error?.message ?? `the traces could not be decoded (${response.status})`);
  downloadText("traces.json", JSON.stringify(withExportedDecoding(exported, body.traces), null, 2), "application/json");
}
