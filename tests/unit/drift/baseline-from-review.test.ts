// Which executed reviews set a baseline, and what it holds: the PUT's body as approved, the entry point the
// platform answered, the review and its people; an accepted drift's frozen live entry point.
import { describe, expect, it } from "vitest";
import { baselineSchema } from "@/lib/drift/baseline";
import { baselineFromReview } from "@/lib/reviews/baseline-from-review";
import type { Review } from "@/lib/reviews/schema";
import { configuration, deployed, REVIEW_ID, ZONE_ID } from "@/tests/unit/drift/fixtures";

const AT = "2026-05-01T10:00:01.000Z";
const path = `/zones/${ZONE_ID}/rulesets/phases/http_request_firewall_managed/entrypoint`;
const answer = deployed();

function review(over: Partial<Review> = {}): Review {
  return {
    id: REVIEW_ID,
    kind: "complete_migration",
    title: "Complete the migration of shop.example",
    target: { kind: "complete_migration", zoneId: ZONE_ID },
    author: "planner",
    createdAt: AT,
    updatedAt: AT,
    revision: 5,
    state: "executing",
    evidence: { zone: { id: ZONE_ID, name: "shop.example", plan: "pro" } },
    calls: [{ title: "Upgrade", method: "PUT", path, query: { waf_migration: "pending", phase_two: "1" }, body: configuration }],
    results: [
      {
        state: "succeeded",
        status: 200,
        response: { success: true, result: { ...answer, last_updated: answer.lastUpdated, name: "default" } },
        at: AT,
      },
    ],
    approvedBy: "approver-1",
    executedBy: "planner",
    ...over,
  };
}

describe("baselineFromReview", () => {
  it("names the review's account, so the drift records measured against it name it too", () => {
    const account = { id: "ac0a1ec0ac0a1ec0ac0a1ec0ac0a1ec0", name: "Acquired Co" };
    const baseline = baselineFromReview(review({ account }), AT)!;
    expect(baselineSchema.parse(baseline).account).toEqual(account);
    expect(baselineFromReview(review(), AT)!.account).toBeUndefined();
  });

  it("names the review's entry, whose credentials alone check the zone for drift", () => {
    expect(baselineSchema.parse(baselineFromReview(review({ entry: "group" }), AT)).entry).toBe("group");
    expect(baselineFromReview(review(), AT)!.entry).toBeUndefined();
  });

  it("a completed migration: the PUT's body, the entry point it answered, who approved and executed", () => {
    const baseline = baselineFromReview(review(), AT)!;
    expect(baselineSchema.parse(baseline)).toEqual(baseline);
    expect(baseline).toMatchObject({
      zoneId: ZONE_ID,
      zoneName: "shop.example",
      reviewId: REVIEW_ID,
      reviewKind: "complete_migration",
      approvedBy: "approver-1",
      executedBy: "planner",
      at: AT,
      configuration,
    });
    expect(baseline.entrypoint).toEqual({ id: answer.id, version: "1", lastUpdated: answer.lastUpdated, rules: answer.rules });
  });

  it("a PUT verified after a restart (no answer kept): the body alone", () => {
    const verified = review({
      results: [{ state: "succeeded", verified: true, response: { success: true, message: "Sent before a restart" }, at: AT }],
    });
    const baseline = baselineFromReview(verified, AT)!;
    expect(baseline.configuration).toEqual(configuration);
    expect(baseline.entrypoint).toBeUndefined();
  });

  it("start_validation sets one too; a PUT that did not succeed, or a review of another kind, sets none", () => {
    expect(
      baselineFromReview(review({ kind: "start_validation", target: { kind: "start_validation", zoneId: ZONE_ID } }), AT)?.reviewKind,
    ).toBe("start_validation");
    expect(baselineFromReview(review({ results: [{ state: "failed", status: 400 }] }), AT)).toBeUndefined();
    const deletion = review({
      kind: "delete_uri_overrides",
      target: { kind: "delete_uri_overrides", zoneId: ZONE_ID },
      calls: [{ title: "Delete", method: "DELETE", path: `/zones/${ZONE_ID}/firewall/waf/overrides/${"a".repeat(32)}`, query: {} }],
    });
    expect(baselineFromReview(deletion, AT)).toBeUndefined();
  });

  it("an accepted drift: the live entry point its evidence froze becomes the configuration", () => {
    const live = deployed("4", "2026-05-03T08:00:00Z");
    const accepted = review({
      kind: "accept_baseline",
      target: { kind: "accept_baseline", zoneId: ZONE_ID },
      calls: [],
      results: [],
      evidence: { zone: { id: ZONE_ID, name: "shop.example" }, live, drift: { words: ["OWASP paranoia level 2 → 3"] } },
    });
    const baseline = baselineFromReview(accepted, AT)!;
    expect(baseline).toMatchObject({ reviewKind: "accept_baseline", configuration: { rules: live.rules }, entrypoint: live });
  });
});
