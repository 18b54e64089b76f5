// Drift by meaning, pure: the live entry point against the zone's baseline (lib/rulesets/diff.ts), and
// from the zone's previous watch what is new (recorded as `drift`, first seen now), what persists (first
// seen kept) and what went away (`drift_resolved`). Tests drive it with plain values.
import type { ChangeRecord } from "@/lib/changes/schema";
import { baselineRules, type Baseline } from "@/lib/drift/baseline";
import type { DriftWatch, WatchedChange } from "@/lib/drift/watch";
import type { FrozenEntrypoint } from "@/lib/rulesets/entrypoint-words";
import { rulesetSchema } from "@/lib/rulesets/ruleset";
import { diffRulesets, type RulesetChange } from "@/lib/rulesets/diff";

const ENTRYPOINT_NAME = "http_request_firewall_managed entry point";

/** The changes by meaning from the baseline to the live entry point (none: no drift), or why they cannot be read. */
export function driftChanges(baseline: Baseline, live: FrozenEntrypoint | null): RulesetChange[] | { unreadable: string } {
  const before = rulesetSchema.safeParse({ rules: baselineRules(baseline) });
  const after = rulesetSchema.safeParse({ rules: live?.rules ?? [] });
  if (!before.success)
    return { unreadable: `the baseline has a rule Preflight cannot compare (${before.error.issues[0]?.path.join(".")})` };
  if (!after.success)
    return { unreadable: `the live entry point has a rule Preflight cannot compare (${after.error.issues[0]?.path.join(".")})` };
  const changes = diffRulesets(before.data, after.data).changes;
  return live ? changes : [{ kind: "rule_removed", words: "the entry point was deleted" }, ...changes];
}

export interface DriftCheck {
  baseline: Baseline;
  /** The zone's watch as stored; one kept for an older baseline counts as none. */
  previous: DriftWatch | null;
  live: FrozenEntrypoint | null;
  changes: readonly RulesetChange[];
  at: string;
  /** The refresh run that checked. */
  snapshotId: string;
}

export interface DriftOutcome {
  /** The zone's watch from now on; null: not flagged (no drift). */
  watch: DriftWatch | null;
  /** What to record in the changes store: drift newly seen, drift gone. */
  records: ChangeRecord[];
}

export function checkDrift(check: DriftCheck): DriftOutcome {
  const { baseline, live, at } = check;
  const previous = check.previous?.reviewId === baseline.reviewId ? check.previous : null;
  const seen = new Map((previous?.changes ?? []).map((c) => [c.words, c]));
  const current: WatchedChange[] = check.changes.map((c) => ({
    kind: c.kind,
    words: c.words,
    firstSeen: seen.get(c.words)?.firstSeen ?? at,
  }));
  const now = new Set(current.map((c) => c.words));
  const appeared = check.changes.filter((c) => !seen.has(c.words));
  const vanished = (previous?.changes ?? []).filter((c) => !now.has(c.words));
  const record = recordOf(check);
  if (current.length === 0) {
    const records =
      vanished.length > 0
        ? [
            record(
              "drift_resolved",
              `The entry point is back to the configuration review ${shortId(baseline.reviewId)} approved ` +
                `(${vanished.length} change${vanished.length === 1 ? "" : "s"} gone)`,
              undefined,
              at,
              { changes: vanished.map((c) => c.words), resolved: vanished },
            ),
          ]
        : [];
    return { watch: null, records };
  }
  const watch: DriftWatch = {
    format: 1,
    zoneId: baseline.zoneId,
    zoneName: baseline.zoneName,
    ...(baseline.account ? { account: baseline.account } : {}),
    reviewId: baseline.reviewId,
    baselineAt: baseline.at,
    since: current.map((c) => c.firstSeen).sort()[0]!,
    checkedAt: at,
    live: live ? { id: live.id, version: live.version, lastUpdated: live.lastUpdated } : null,
    changes: current,
  };
  const records = [
    ...appeared.map((c) => record("drift", c.words, c, at, diffDetails(c))),
    ...vanished.map((c) =>
      record("drift_resolved", `No longer differs from the baseline: ${c.words}`, undefined, at, { changes: [c.words], resolved: [c] }),
    ),
  ];
  return { watch, records };
}

/** The check could not read the live entry point: the zone stays flagged with the reason, its drift as last seen. */
export function failedCheck(baseline: Baseline, previous: DriftWatch | null, reason: string, at: string): DriftWatch {
  const kept = previous?.reviewId === baseline.reviewId ? previous : null;
  return {
    format: 1,
    zoneId: baseline.zoneId,
    zoneName: baseline.zoneName,
    ...(baseline.account ? { account: baseline.account } : {}),
    reviewId: baseline.reviewId,
    baselineAt: baseline.at,
    ...(kept?.since ? { since: kept.since } : {}),
    checkedAt: kept?.checkedAt ?? at,
    ...(kept?.live !== undefined ? { live: kept.live } : {}),
    changes: kept?.changes ?? [],
    failure: { at, reason },
  };
}

/** A watch still flagging the zone: drift seen, or a failed check. */
export function isFlagged(watch: DriftWatch | null): boolean {
  return !!watch && (watch.changes.length > 0 || !!watch.failure);
}

function recordOf(check: DriftCheck) {
  const { baseline, live } = check;
  return (
    kind: "drift" | "drift_resolved",
    words: string,
    change: RulesetChange | undefined,
    firstSeen: string,
    details: Record<string, unknown>,
  ): ChangeRecord => ({
    version: 1,
    id: `${kind}-${baseline.zoneId}-${hash(words)}-${Date.parse(firstSeen)}`,
    kind,
    zoneId: baseline.zoneId,
    zoneName: baseline.zoneName,
    ...(baseline.account ? { account: baseline.account } : {}),
    subject: change?.rule
      ? { kind: "rule", id: change.rule.ref ?? change.rule.id ?? change.rule.label, name: change.rule.label }
      : { kind: "entry_point", id: live?.id ?? baseline.entrypoint?.id ?? "none", name: ENTRYPOINT_NAME },
    words,
    firstSeen,
    recordedAt: check.at,
    snapshotId: check.snapshotId,
    links: { reviewId: baseline.reviewId },
    details: { ...details, baselineAt: baseline.at, liveVersion: live?.version ?? null },
  });
}

const shortId = (id: string) => id.slice(0, 8);

/** The diff behind a change as the Changes view shows it: its words, then what it was and is (the rule's fields, a level, an action). */
function diffDetails(change: RulesetChange): Record<string, unknown> {
  return {
    changes: [change.words],
    diffKind: change.kind,
    ...(change.target ? { target: change.target } : {}),
    ...(change.before !== undefined ? { before: change.before } : {}),
    ...(change.after !== undefined ? { after: change.after } : {}),
  };
}

/** FNV-1a: a stable short tag for a record id (dedupe, not security). */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, "0");
}
