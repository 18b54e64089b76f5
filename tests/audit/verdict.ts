// What `npm audit --omit=dev --json` said: the high and critical counts, or that no advisory service answered.

export type AuditVerdict = { kind: "checked"; high: number; critical: number; total: number } | { kind: "unavailable"; reason: string };

export function auditVerdict(report: unknown): AuditVerdict {
  const r = (report ?? {}) as { metadata?: { vulnerabilities?: Record<string, number> }; statusCode?: number; message?: string };
  const counts = r.metadata?.vulnerabilities;
  if (counts) return { kind: "checked", high: counts.high ?? 0, critical: counts.critical ?? 0, total: counts.total ?? 0 };
  return { kind: "unavailable", reason: r.message ?? (r.statusCode ? `HTTP ${r.statusCode}` : "no report") };
}

/** Fails on any high or critical advisory; a registry without the advisory endpoint is reported, not hidden. */
export function auditPasses(verdict: AuditVerdict): boolean {
  return verdict.kind === "unavailable" || verdict.high + verdict.critical === 0;
}
