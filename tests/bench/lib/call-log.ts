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
  /**
   * The previous-version API's 410 (and the migration status's) on zones where it is retired, and the entry
   * point's 404 (none yet): known states, not failures.
   */
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
  return (
    (call.status === 410 && (call.path.includes("/firewall/waf/") || call.path.endsWith("/waf_migration/status"))) ||
    (call.status === 404 && call.path.endsWith("/rulesets/phases/http_request_firewall_managed/entrypoint"))
  );
}

/** A call as "METHOD path?sorted query", so two scans can be compared call for call. */
export function callKey(call: Pick<CallRecord, "method" | "path" | "query">): string {
  const query = Object.entries(call.query)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  return `${call.method} ${call.path}?${query}`;
}

/** An operation as "GET /zones/:id/waf_migration/status" (identifiers folded, the DNS record type kept). */
export function operationKey(call: Pick<CallRecord, "method" | "path" | "query">): string {
  const path = call.path.replace("/client/v4", "").replace(/[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}/g, ":id");
  return `${call.method} ${path}${call.query.type ? `?type=${call.query.type}` : ""}`;
}

function countByOperation(calls: readonly Pick<CallRecord, "method" | "path" | "query">[]): Map<string, number> {
  const byOperation = new Map<string, number>();
  for (const call of calls) byOperation.set(operationKey(call), (byOperation.get(operationKey(call)) ?? 0) + 1);
  return byOperation;
}

/** Calls per zone by operation ("GET /zones/:id/waf_migration/status"), most first: where a scan's calls go. */
export function callsPerZone(calls: readonly Pick<CallRecord, "method" | "path" | "query">[], zones: number): string[] {
  const lines = [...countByOperation(calls)]
    .sort((a, b) => b[1] - a[1])
    .map(([key, n]) => `${(n / zones).toFixed(2).padStart(6)} ${String(n).padStart(6)}  ${key}`);
  return [`${(calls.length / zones).toFixed(2).padStart(6)} ${String(calls.length).padStart(6)}  all calls (${zones} zones)`, ...lines];
}

/**
 * The full scan of the seeded 240-zone sandbox before issue 17's skips (commit 7962740): 2,508 calls, 10.45 a
 * zone. Kept as the reference the figures are printed against.
 */
export const BEFORE_SKIPS = {
  zones: 240,
  byOperation: {
    "GET /zones/:id/custom_hostnames": 248,
    "GET /zones/:id/waf_migration/status": 240,
    "GET /zones/:id/ssl/certificate_packs": 240,
    "GET /zones/:id/acm/total_tls": 240,
    "GET /zones/:id/dns_records?type=CAA": 240,
    "GET /zones/:id/firewall/waf/overrides": 216,
    "GET /zones/:id/firewall/waf/packages": 216,
    "GET /zones/:id/waf_migration/config": 216,
    "GET /zones/:id/waf_migration/check": 203,
    "GET /zones/:id/firewall/waf/packages/:id/groups": 184,
    "GET /zones/:id/firewall/waf/packages/:id/rules": 139,
    "GET /zones/:id/custom_certificates": 84,
    "GET /zones/:id/rulesets/phases/http_request_firewall_managed/entrypoint": 32,
    "GET /zones": 10,
  } as Record<string, number>,
  total: 2508,
};

/**
 * Calls per zone by operation: before the skips (only for the 240-zone account it was measured on), this scan,
 * and the necessary calls (necessary-calls.ts); the last column is this scan's excess over necessary.
 */
export function callsTable(
  calls: readonly Pick<CallRecord, "method" | "path" | "query">[],
  necessary: readonly Pick<CallRecord, "method" | "path" | "query">[],
  zones: number,
): string[] {
  const now = countByOperation(calls);
  const needed = countByOperation(necessary);
  const was = zones === BEFORE_SKIPS.zones ? BEFORE_SKIPS.byOperation : undefined;
  const keys = [...new Set([...now.keys(), ...needed.keys(), ...Object.keys(was ?? {})])].sort(
    (a, b) => (now.get(b) ?? 0) - (now.get(a) ?? 0),
  );
  const cell = (n: number | undefined) => (n === undefined ? "—" : (n / zones).toFixed(2)).padStart(6);
  // Calls ÷ necessary for each kind of call (budget ≤ 1.05 for each, as for all of them).
  const ratio = (n: number, need: number) => (need ? `${(n / need).toFixed(3)}×` : n ? "∞" : "—").padStart(7);
  const line = (key: string, w: number | undefined, n: number, need: number) =>
    `${cell(w)} ${cell(n)} ${cell(need)} ${String(n - need).padStart(5)} ${ratio(n, need)}  ${key}`;
  return [
    `${"was".padStart(6)} ${"now".padStart(6)} ${"needed".padStart(6)} ${"extra".padStart(5)} ${"÷need".padStart(7)}  calls per zone (${zones} zones)`,
    line("all calls", was ? BEFORE_SKIPS.total : undefined, calls.length, necessary.length),
    ...keys.map((key) => line(key, was ? (was[key] ?? 0) : undefined, now.get(key) ?? 0, needed.get(key) ?? 0)),
  ];
}

/** The kind of call furthest over its necessary count (calls ÷ necessary), for the figure's note. */
export function worstKind(
  calls: readonly Pick<CallRecord, "method" | "path" | "query">[],
  necessary: readonly Pick<CallRecord, "method" | "path" | "query">[],
): { key: string; ratio: number } | undefined {
  const now = countByOperation(calls);
  const needed = countByOperation(necessary);
  let worst: { key: string; ratio: number } | undefined;
  for (const [key, n] of now) {
    const ratio = n / (needed.get(key) ?? 0);
    if (!worst || ratio > worst.ratio) worst = { key, ratio };
  }
  return worst;
}
