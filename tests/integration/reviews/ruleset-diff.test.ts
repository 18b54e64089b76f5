// A migration review freezes the ruleset diff its reviewer approves: what the PUT changes in the zone's
// entry point, in words. Reviews frozen before the diff was recorded still open (computed from what they
// froze) and still execute: the diff is derived, so its absence is no drift.
import { beforeEach, describe, expect, it } from "vitest";
import { wafCaseFor } from "@/lib/dev/sandbox/waf/seed-waf";
import { executeReview } from "@/lib/reviews/execute";
import { frozenRulesetDiff, NOT_RECORDED_NOTE } from "@/lib/reviews/ruleset-diff-evidence";
import { actOnReview, createReview } from "@/lib/reviews/service";
import { rulesetDiffSchema } from "@/lib/rulesets/diff-schema";
import { APPROVER as approver, PLANNER as planner, TOKEN, withHarness, type Harness } from "@/tests/integration/reviews/harness";

let h: Harness;
withHarness((started) => (h = started));
beforeEach(async () => {
  await fetch(`${h.sandbox.url}/__sandbox/reset`, { method: "POST" });
});

const zonesOf = (wafCase: string) =>
  h.sandbox.state.zones.filter((z, i) => wafCaseFor(i, z) === wafCase && !h.sandbox.state.waf[z.id]!.previousApiRetired);
const entrypointPath = (zoneId: string) => `/zones/${zoneId}/rulesets/phases/http_request_firewall_managed/entrypoint`;
const wordsOf = (evidence: unknown) =>
  rulesetDiffSchema.parse((evidence as { rulesetDiff: unknown }).rulesetDiff).changes.map((c) => c.words);

/** A skip rule added to the live entry point by someone else (a PUT without waf_migration, as the dashboard would). */
async function addHealthSkip(zoneId: string) {
  const current = h.sandbox.state.waf[zoneId]!.entrypoint!;
  const rules = [
    { action: "skip", expression: 'http.request.uri.path eq "/health"', action_parameters: { ruleset: "current" } },
    ...current.rules,
  ];
  const res = await fetch(`${h.sandbox.apiBaseUrl}${entrypointPath(zoneId)}`, {
    method: "PUT",
    headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
    body: JSON.stringify({ name: current.name, rules }),
  });
  expect(res.status).toBe(200);
}

describe("the ruleset diff frozen in a migration review", () => {
  it("no entry point yet: the PUT creates it, every rule of the proposed configuration is added", async () => {
    const zone = zonesOf("eligible").find((z) => z.plan.legacy_id !== "enterprise")!;
    const review = await createReview(h.store, h.platform(), { kind: "complete_migration", zoneId: zone.id }, planner);
    const words = wordsOf(review.evidence);
    expect(words[0]).toMatch(/^entry point created with \d+ rules$/);
    expect(words).toContain(`execute Cloudflare Managed Ruleset added (rule ${words.length - 2} of ${words.length - 1})`);
    expect(words.at(-1)).toMatch(/^execute Cloudflare OWASP Core Ruleset added/);
    expect(frozenRulesetDiff(review.kind, review.evidence)).toMatchObject({ state: "recorded" });
  });

  it("validation mode: the entry point already holds the configuration, so no change by meaning", async () => {
    const zone = zonesOf("validation")[0]!;
    const review = await createReview(h.store, h.platform(), { kind: "complete_migration", zoneId: zone.id }, planner);
    expect(wordsOf(review.evidence)).toEqual([]);
  });

  it("a rule added to the live entry point since is named as what the PUT removes", async () => {
    const zone = zonesOf("validation")[1]!;
    await addHealthSkip(zone.id);
    const review = await createReview(h.store, h.platform(), { kind: "complete_migration", zoneId: zone.id }, planner);
    expect(wordsOf(review.evidence)).toEqual(["skip rule for /health removed"]);
  });

  it("other kinds freeze no ruleset diff", async () => {
    const zone = zonesOf("uri_overrides")[0]!;
    const review = await createReview(h.store, h.platform(), { kind: "delete_uri_overrides", zoneId: zone.id }, planner);
    expect(review.evidence).not.toHaveProperty("rulesetDiff");
    expect(frozenRulesetDiff(review.kind, review.evidence)).toBeUndefined();
  });
});

describe("a review frozen before the diff was recorded", () => {
  async function olderReview(zoneId: string, drop: string[]) {
    const review = await createReview(h.store, h.platform(), { kind: "complete_migration", zoneId }, planner);
    await actOnReview(h.store, review.id, "submit", planner);
    await actOnReview(h.store, review.id, "approve", approver);
    const loaded = await h.store.load(review.id);
    const older = Object.fromEntries(
      Object.entries(loaded.value.evidence as Record<string, unknown>).filter(([key]) => !drop.includes(key)),
    );
    await h.store.save({ ...loaded.value, evidence: older }, loaded.etag);
    return { recorded: review.evidence, stored: (await h.store.load(review.id)).value };
  }

  it("opens with the diff computed now from its frozen entry point and configuration, said so", async () => {
    const zone = zonesOf("validation")[2]!;
    await addHealthSkip(zone.id);
    const { recorded, stored } = await olderReview(zone.id, ["rulesetDiff"]);
    const computed = frozenRulesetDiff(stored.kind, stored.evidence);
    expect(computed).toMatchObject({ state: "computed", note: NOT_RECORDED_NOTE });
    expect(computed && "diff" in computed && computed.diff.changes.map((c) => c.words)).toEqual(wordsOf(recorded));
  });

  it("still executes: the diff is derived from what was frozen, its absence is no drift", async () => {
    const zone = zonesOf("validation")[3]!;
    const { stored } = await olderReview(zone.id, ["rulesetDiff"]);
    const done = await executeReview(h.store, h.platform(), stored.id, planner, zone.name);
    expect(done.state).toBe("executed");
  });

  it("without a frozen entry point either: says no diff can be computed, never crashes", async () => {
    const zone = zonesOf("validation")[4]!;
    const { stored } = await olderReview(zone.id, ["rulesetDiff", "entrypoint"]);
    expect(frozenRulesetDiff(stored.kind, stored.evidence)).toMatchObject({
      state: "unavailable",
      note: expect.stringMatching(/before Preflight read the zone's entry point/),
    });
  });

  it("a stored diff that no longer parses is computed again, not shown half", async () => {
    const zone = zonesOf("validation")[5]!;
    const { stored } = await olderReview(zone.id, []);
    const broken = { ...(stored.evidence as Record<string, unknown>), rulesetDiff: { changes: [{ kind: "action" }] } };
    expect(frozenRulesetDiff(stored.kind, broken)).toMatchObject({ state: "computed", diff: { changes: [] } });
  });
});
