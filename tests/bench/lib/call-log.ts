// The sandbox's call log: the ground truth of what reached the platform (count, statuses, timing).
import type { CallRecord } from "@/lib/dev/sandbox/calls";

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
  /** Answers of 400 and up, but for the account's known refusals (below). */
  failed: number;
  /** The previous-version API's 410 on zones where it is retired, and the entry point's 404 (none yet): known states, not failures. */
  refused: number;
  tooMany: number;
  maxInFlight: number;
}

export async function summarizeCalls(sandboxUrl: string): Promise<CallSummary & { calls: CallRecord[] }> {
  const { calls, maxInFlight } = await readCalls(sandboxUrl);
  return {
    calls,
    total: calls.length,
    failed: calls.filter((c) => c.status >= 400 && !knownRefusal(c)).length,
    refused: calls.filter(knownRefusal).length,
    tooMany: calls.filter((c) => c.status === 429).length,
    maxInFlight,
  };
}

/** What a real account answers today without anything being wrong (SANDBOX_RETIRED_SHARE zones, zones without an entry point). */
function knownRefusal(call: Pick<CallRecord, "status" | "path">): boolean {
  return (call.status === 410 && call.path.includes("/firewall/waf/")) || (call.status === 404 && call.path.endsWith("/rulesets/phases/http_request_firewall_managed/entrypoint"));
}

/** A call as "METHOD path?sorted query", so two scans can be compared call for call. */
export function callKey(call: Pick<CallRecord, "method" | "path" | "query">): string {
  const query = Object.entries(call.query)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  return `${call.method} ${call.path}?${query}`;
}

/** Calls per zone by operation ("GET /zones/:id/waf_migration/status"), most first: where a scan's calls go. */
export function callsPerZone(calls: readonly Pick<CallRecord, "method" | "path" | "query">[], zones: number): string[] {
  const byOperation = new Map<string, number>();
  for (const call of calls) {
    const path = call.path.replace("/client/v4", "").replace(/[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}/g, ":id");
    const key = `${call.method} ${path}${call.query.type ? `?type=${call.query.type}` : ""}`;
    byOperation.set(key, (byOperation.get(key) ?? 0) + 1);
  }
  const lines = [...byOperation].sort((a, b) => b[1] - a[1]).map(([key, n]) => `${(n / zones).toFixed(2).padStart(6)} ${String(n).padStart(6)}  ${key}`);
  return [`${(calls.length / zones).toFixed(2).padStart(6)} ${String(calls.length).padStart(6)}  all calls (${zones} zones)`, ...lines];
}
