// The OWASP paranoia level an execute rule's overrides imply. With no paranoia category turned off the docs
// disagree: waf/managed-rules/reference/owasp-core-ruleset/concepts.mdx lists "PL1 (default value)", while
// configure-api.mdx reaches PL2 by disabling paranoia-level-3 and -4 (so every level runs without overrides).
// Preflight shows both, never one of them as a fact, and never calls a change that hangs on it a raise or a lowering.

/** The level (the lowest paranoia category turned off, minus one), or null when no paranoia category is turned off. */
export function impliedParanoiaLevel(categories: ReadonlyArray<{ category: string; enabled?: boolean }> | undefined): number | null {
  const off = (categories ?? [])
    .filter((c) => c.enabled === false)
    .map((c) => /^paranoia-level-(\d)$/.exec(c.category)?.[1])
    .filter((level): level is string => level !== undefined)
    .map(Number);
  return off.length > 0 ? Math.min(...off) - 1 : null;
}

/** Said wherever a level is shown for overrides that turn no paranoia category off. */
export const UNSET_PARANOIA_NOTE =
  "No paranoia category is turned off, and the documentation disagrees on what then runs: " +
  'owasp-core-ruleset/concepts.mdx says "PL1 (default value)", while owasp-core-ruleset/configure-api.mdx reaches PL2 ' +
  "by turning off paranoia-level-3 and paranoia-level-4 (so every level, PL4, runs without overrides). Check the level in the dashboard.";

/** "PL2", or the two readings when the overrides set none. */
export function paranoiaLevelWords(level: number | null): string {
  return level === null ? "not set by the overrides (PL1 per concepts.mdx, PL4 per configure-api.mdx)" : `PL${level}`;
}

/** A level change in a ruleset diff: "OWASP paranoia level 2 → 3"; when one side sets none, never a raise or a lowering. */
export function paranoiaChangeWords(before: number | null, after: number | null): string {
  if (before !== null && after !== null) return `OWASP paranoia level ${before} → ${after}`;
  const side = (level: number | null) => (level === null ? "not set by the overrides" : String(level));
  return (
    `OWASP paranoia level ${side(before)} → ${side(after)} (without a paranoia override the docs disagree: PL1 per ` +
    "concepts.mdx, PL4 per configure-api.mdx; so this is not told as a raise or a lowering)"
  );
}
