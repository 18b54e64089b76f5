// The migration PUT as a review sends it. Refused (over 200 rules, an expression over 4 KB), it is answered
// in the rulesets API's own shape (a message and a source.pointer, no code): the executed review must show
// that message and pointer to the person who ran it, never "without the v4 envelope". Accepted, it carries
// the proposed configuration whole, fields Preflight does not name included.
import { describe, expect, it } from "vitest";
import { errorResponse } from "@/lib/http/error-response";
import { PlatformError } from "@/lib/errors/platform-errors";
import { executeReview } from "@/lib/reviews/execute";
import { actOnReview, createReview } from "@/lib/reviews/service";
import { wafCaseFor } from "@/lib/dev/sandbox/waf/seed-waf";
import { withHarness, PLANNER as planner, APPROVER as approver, type Harness } from "@/tests/integration/reviews/harness";

let h: Harness;
withHarness((started) => (h = started));

const zoneOf = (wafCase: string) => h.sandbox.state.zones.find((zone, i) => wafCaseFor(i, zone) === wafCase)!;

describe("the migration PUT of a review", () => {
  it.each([
    ["too_many_rules", /more than 200.*\(at \/rules\)/],
    ["long_expression", /longer than 4 KB.*\(at \/rules\/\d+\/expression\)/],
  ] as const)("%s: the execution shows the platform's message and pointer", async (wafCase, shown) => {
    const zone = zoneOf(wafCase);
    const review = await createReview(h.store, h.platform(), { kind: "complete_migration", zoneId: zone.id }, planner);
    await actOnReview(h.store, review.id, "submit", planner);
    await actOnReview(h.store, review.id, "approve", approver);
    const executed = await executeReview(h.store, h.platform(), review.id, planner, review.confirmText);

    expect(executed.state).toBe("failed");
    const failed = executed.results.find((r) => r.state === "failed")!;
    expect(failed.status).toBe(400);
    const response = failed.response as {
      message: string;
      kind: string;
      errors: Array<{ code?: number; message: string; source?: { pointer: string } }>;
    };
    expect(response.kind).toBe("api");
    expect(response.message).toMatch(shown);
    expect(response.message).not.toMatch(/without the v4 envelope|unexpected shape/);
    expect(response.errors[0]!.code).toBeUndefined();
    expect(response.errors[0]!.source?.pointer).toMatch(/^\/rules/);
    // The audit log keeps the same answer.
    const audit = await h.store.auditLog(review.id);
    expect(JSON.stringify(audit.find((e) => e.action === "call_failed")?.call?.response)).toContain('"pointer":"/rules');
  });

  it("an accepted PUT carries the proposed configuration's unnamed fields (skip rules' logging) to the platform", async () => {
    const zone = h.sandbox.state.zones.find(
      (z, i) =>
        wafCaseFor(i, z) === "eligible" && z.plan.legacy_id !== "enterprise" && h.sandbox.state.waf[z.id]!.migratedSettings.length > 0,
    )!;
    const review = await createReview(h.store, h.platform(), { kind: "complete_migration", zoneId: zone.id }, planner);
    await actOnReview(h.store, review.id, "submit", planner);
    await actOnReview(h.store, review.id, "approve", approver);
    expect((await executeReview(h.store, h.platform(), review.id, planner, review.confirmText)).state).toBe("executed");
    const saved = h.sandbox.state.waf[zone.id]!.entrypoint!.rules.filter((rule) => rule.action === "skip");
    expect(saved.length).toBeGreaterThan(0);
    for (const rule of saved) expect(rule.logging).toEqual({ enabled: true });
  });

  it("a route answering such an error gives the person the message and pointer too", async () => {
    const error = new PlatformError({
      kind: "api",
      operation: "PUT /zones/:id/rulesets/phases/http_request_firewall_managed/entrypoint",
      status: 400,
      errors: [{ message: "The firewall rule expression is longer than 4 KB", source: { pointer: "/rules/2/expression" } }],
      message: "PUT … failed (HTTP 400, The firewall rule expression is longer than 4 KB (at /rules/2/expression))",
    });
    const answer = (await errorResponse(error).json()) as { error: { message: string; kind: string } };
    expect(answer.error).toMatchObject({ kind: "api", message: expect.stringContaining("(at /rules/2/expression)") });
  });
});
