// The sandbox's call log: the ground truth of what reached the platform (count, statuses, timing).
import type { CallRecord } from "@/lib/sandbox/calls";

export async function clearCalls(sandboxUrl: string): Promise<void> {
  const response = await fetch(`${sandboxUrl}/__sandbox/calls`, { method: "DELETE" });
  if (!response.ok) throw new Error(`sandbox refused to clear its call log: ${response.status}`);
}

export async function readCalls(sandboxUrl: string): Promise<{ calls: CallRecord[]; maxInFlight: number }> {
  const response = await fetch(`${sandboxUrl}/__sandbox/calls`);
  if (!response.ok) throw new Error(`sandbox refused its call log: ${response.status}`);
  return (await response.json()) as { calls: CallRecord[]; maxInFlight: number };
}

export interface CallSummary {
  total: number;
  failed: number;
  tooMany: number;
  maxInFlight: number;
}

export async function summarizeCalls(sandboxUrl: string): Promise<CallSummary & { calls: CallRecord[] }> {
  const { calls, maxInFlight } = await readCalls(sandboxUrl);
  return {
    calls,
    total: calls.length,
    failed: calls.filter((c) => c.status >= 400).length,
    tooMany: calls.filter((c) => c.status === 429).length,
    maxInFlight,
  };
}

/** A call as "METHOD path?sorted query", so two scans can be compared call for call. */
export function callKey(call: Pick<CallRecord, "method" | "path" | "query">): string {
  const query = Object.entries(call.query)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  return `${call.method} ${call.path}?${query}`;
}
