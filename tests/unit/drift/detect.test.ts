// Drift by meaning against the baseline, and what a check records: new drift once (first seen kept while it
// persists), resolution when it goes away, a failed check flagged with its reason and the drift last seen.
import { describe, expect, it } from "vitest";
import { changeRecordSchema } from "@/lib/changes/schema";
import { checkDrift, driftChanges, failedCheck, isFlagged, type DriftCheck } from "@/lib/drift/detect";
import { baseline, configuration, deployed, paranoiaRaised, REVIEW_ID, skipAdded, ZONE_ID } from "@/tests/unit/drift/fixtures";

const changesOf = (result: ReturnType<typeof driftChanges>) => {
  if ("unreadable" in result) throw new Error(result.unreadable);
  return result;
};
const check = (over: Partial<DriftCheck>): DriftCheck => ({
  baseline: baseline(),
  previous: null,
  live: deployed(),
  changes: [],
  at: "2026-05-03T09:00:00.000Z",
  snapshotId: "run-1",
  ...over,
});

describe("driftChanges", () => {
  it("finds none when the live entry point is the deployed baseline, only with new versions and times", () => {
    const live = deployed("7", "2026-06-01T00:00:00Z");
    expect(changesOf(driftChanges(baseline(), live))).toEqual([]);
  });

  it("finds none against the PUT body alone (no deployed answer kept): the platform's ids and refs are not a change", () => {
    expect(changesOf(driftChanges(baseline({ entrypoint: undefined }), deployed("2")))).toEqual([]);
  });

  it('finds none when an executed ruleset\'s version "latest" appears or vanishes; a pinned version is drift', () => {
    const live = deployed("3");
    expect(live.rules[1]!.action_parameters).toMatchObject({ version: "latest" });
    const unpinned = structuredClone(live);
    for (const rule of unpinned.rules) delete (rule.action_parameters as { version?: string }).version;
    // The baseline as the PUT answered it (latest) against a live answer without it, and the PUT body (none) against latest.
    expect(changesOf(driftChanges(baseline(), unpinned))).toEqual([]);
    expect(changesOf(driftChanges(baseline({ entrypoint: undefined }), live))).toEqual([]);
    const pinned = structuredClone(live);
    (pinned.rules[1]!.action_parameters as { version: string }).version = "2";
    expect(changesOf(driftChanges(baseline(), pinned)).map((c) => c.words)).toEqual([
      "execute Cloudflare Managed Ruleset version latest → 2",
    ]);
  });

  it("names a raised paranoia level and an added skip rule in words", () => {
    const words = changesOf(driftChanges(baseline(), skipAdded(paranoiaRaised()))).map((c) => c.words);
    expect(words).toContain("OWASP paranoia level 2 → 3");
    expect(words.some((w) => w.startsWith("skip rule 'Skip the managed rules for /api' added"))).toBe(true);
  });

  it("says the entry point was deleted, and that every rule went with it", () => {
    const words = changesOf(driftChanges(baseline(), null)).map((c) => c.words);
    expect(words[0]).toBe("the entry point was deleted");
    expect(words.length).toBe(1 + configuration.rules.length);
  });

  it("cannot compare a live rule without an expression: unreadable, never no drift", () => {
    const live = deployed("2");
    delete (live.rules[0] as { expression?: string }).expression;
    expect(driftChanges(baseline(), live)).toEqual({
      unreadable: expect.stringMatching(/live entry point has a rule Preflight cannot compare \(rules\.0\.expression\)/),
    });
  });
});

describe("checkDrift", () => {
  const live = paranoiaRaised();
  const changes = changesOf(driftChanges(baseline(), live));

  it("records new drift once, compared with the baseline's review, first seen now", () => {
    const { watch, records } = checkDrift(check({ live, changes }));
    expect(watch).toMatchObject({ zoneId: ZONE_ID, reviewId: REVIEW_ID, since: "2026-05-03T09:00:00.000Z", live: { version: "2" } });
    expect(watch!.changes.map((c) => c.words)).toEqual(changes.map((c) => c.words));
    expect(records.length).toBe(changes.length);
    for (const record of records) {
      expect(changeRecordSchema.parse(record)).toMatchObject({
        kind: "drift",
        zoneId: ZONE_ID,
        links: { reviewId: REVIEW_ID },
        firstSeen: "2026-05-03T09:00:00.000Z",
        snapshotId: "run-1",
      });
    }
    expect(isFlagged(watch)).toBe(true);
  });

  it("names the baseline's account on every record (none when the baseline names none)", () => {
    const account = { id: "ac0a1ec0ac0a1ec0ac0a1ec0ac0a1ec0", name: "Acquired Co" };
    const { records } = checkDrift(check({ baseline: baseline({ account }), live, changes }));
    expect(records.length).toBeGreaterThan(0);
    for (const record of records) expect(changeRecordSchema.parse(record).account).toEqual(account);
    for (const record of checkDrift(check({ live, changes })).records) expect(record.account).toBeUndefined();
  });

  it("names the baseline's account on the watch, which the Zones page's flag shows (none when the baseline names none)", () => {
    const account = { id: "ac0a1ec0ac0a1ec0ac0a1ec0ac0a1ec0", name: "Acquired Co" };
    expect(checkDrift(check({ baseline: baseline({ account }), live, changes })).watch!.account).toEqual(account);
    expect(failedCheck(baseline({ account }), null, "timeout", "2026-05-08T00:00:00.000Z").account).toEqual(account);
    expect(checkDrift(check({ live, changes })).watch).not.toHaveProperty("account");
  });

  it("keeps the first sighting while the drift persists, and records nothing again", () => {
    const first = checkDrift(check({ live, changes }));
    const again = checkDrift(check({ live, changes, previous: first.watch, at: "2026-05-04T09:00:00.000Z" }));
    expect(again.records).toEqual([]);
    expect(again.watch!.since).toBe("2026-05-03T09:00:00.000Z");
    expect(again.watch!.checkedAt).toBe("2026-05-04T09:00:00.000Z");
  });

  it("records a further change as new and keeps the older one's first sighting", () => {
    const first = checkDrift(check({ live, changes }));
    const more = skipAdded(live);
    const next = checkDrift(
      check({ live: more, changes: changesOf(driftChanges(baseline(), more)), previous: first.watch, at: "2026-05-05T00:00:00.000Z" }),
    );
    expect(next.records.map((r) => r.kind)).toEqual(["drift"]);
    expect(next.records[0]!.words).toMatch(/\/api/);
    expect(next.watch!.since).toBe("2026-05-03T09:00:00.000Z");
  });

  it("records the drift as resolved when it goes away, and lifts the flag", () => {
    const first = checkDrift(check({ live, changes }));
    const back = checkDrift(check({ live: deployed("3"), changes: [], previous: first.watch, at: "2026-05-06T00:00:00.000Z" }));
    expect(back.watch).toBeNull();
    expect(back.records).toHaveLength(1);
    expect(changeRecordSchema.parse(back.records[0])).toMatchObject({ kind: "drift_resolved", links: { reviewId: REVIEW_ID } });
    expect(back.records[0]!.words).toMatch(/back to the configuration review 3f1c2a4e approved \(1 change gone\)/);
  });

  it("records nothing for a zone that never drifted", () => {
    expect(checkDrift(check({}))).toEqual({ watch: null, records: [] });
  });

  it("ignores a watch kept for an older baseline: its drift is not carried into the new one", () => {
    const old = checkDrift(check({ live, changes, baseline: baseline({ reviewId: "11111111-2222-4333-8444-555555555555" }) }));
    const now = checkDrift(check({ live, changes, previous: old.watch, at: "2026-05-07T00:00:00.000Z" }));
    expect(now.watch!.since).toBe("2026-05-07T00:00:00.000Z");
    expect(now.records.length).toBe(changes.length);
  });
});

describe("failedCheck", () => {
  it("flags the zone with the reason and keeps the drift last seen", () => {
    const first = checkDrift(check({ live: paranoiaRaised(), changes: changesOf(driftChanges(baseline(), paranoiaRaised())) }));
    const failed = failedCheck(baseline(), first.watch, "HTTP 502 after 3 attempts", "2026-05-08T00:00:00.000Z");
    expect(failed).toMatchObject({
      since: first.watch!.since,
      changes: first.watch!.changes,
      failure: { at: "2026-05-08T00:00:00.000Z", reason: "HTTP 502 after 3 attempts" },
    });
    expect(isFlagged(failed)).toBe(true);
    expect(isFlagged(failedCheck(baseline(), null, "timeout", "2026-05-08T00:00:00.000Z"))).toBe(true);
  });
});
