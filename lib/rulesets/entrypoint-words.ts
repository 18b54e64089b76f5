// The frozen http_request_firewall_managed entry point and its words, without the upstream read
// (entrypoint.ts), so pure modules (the reasons, the review refusal) can use them.

/** What a review freezes: enough to show what the PUT replaces and to see any change since. */
export interface FrozenEntrypoint {
  id: string;
  version: string;
  lastUpdated: string;
  rules: Array<Record<string, unknown>>;
}

/** "entry point version 3 (12 rules, last updated …)" or "no entry point (the PUT creates it)". */
export function describeEntrypoint(entrypoint: FrozenEntrypoint | null | undefined): string {
  if (!entrypoint) return "no entry point (the PUT creates it)";
  const rules = `${entrypoint.rules.length} rule${entrypoint.rules.length === 1 ? "" : "s"}`;
  return `entry point version ${entrypoint.version} (${rules}, last updated ${entrypoint.lastUpdated})`;
}
