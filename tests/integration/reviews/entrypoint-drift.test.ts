// The migration PUT replaces the whole http_request_firewall_managed entry point: a review freezes what is
// there, and execution refuses, sending nothing, when it changed since approval. Reviews that depend on
// the previous version's API refuse clearly once it is retired.
import { beforeEach, describe, expect, it } from "vitest";
import { executeReview } from "@/lib/reviews/execute";
import { actOnReview, createReview } from "@/lib/reviews/service";
import { wafCaseFor } from "@/lib/dev/sandbox/waf/seed-waf";
import { withHarness, PLANNER as planner, APPROVER as approver, TOKEN, type Harness } from "@/tests/integration/reviews/harness";

let h: Harness;
withHarness((started) => (h = started));
beforeEach(async () => {
  await fetch(`${h.sandbox.url}/__sandbox/reset`, { method: "POST" });
});

const zonesOf = (wafCase: string, retired = false) =>
  h.sandbox.state.zones.filter((z, i) => wafCaseFor(i, z) === wafCase && h.sandbox.state.waf[z.id]!.previousApiRetired === retired);
const entrypointPath = (zoneId: string) => `/zones/${zoneId}/rulesets/phases/http_request_firewall_managed/entrypoint`;

async function approved(kind: "complete_migration" | "delete_uri_overrides", zoneId: string) {
  const review = await createReview(h.store, h.platform(), { kind, zoneId }, planner);
  await actOnReview(h.store, review.id, "submit", planner);
  await actOnReview(h.store, review.id, "approve", approver);
  await fetch(`${h.sandbox.url}/__sandbox/calls`, { method: "DELETE" });
  return review;
}

/** Someone else edits the entry point after approval (a PUT without waf_migration, as the dashboard would). */
async function editEntrypoint(zoneId: string) {
  const current = h.sandbox.state.waf[zoneId]!.entrypoint!;
  const rules = [
    ...current.rules,
    {
      action: "skip",
      expression: '(http.request.uri.path eq "/health")',
      description: "added after approval",
      action_parameters: { ruleset: "current" },
    },
  ];
  const res = await fetch(`${h.sandbox.apiBaseUrl}${entrypointPath(zoneId)}`, {
    method: "PUT",
    headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
    body: JSON.stringify({ name: current.name, rules }),
  });
  expect(res.status).toBe(200);
}

const puts = async () => (await h.calls()).filter((c) => c.method === "PUT");

describe("the entry point a migration PUT replaces", () => {
  it("is frozen in the review: none (404) on a zone still on the previous version", async () => {
    const zone = zonesOf("eligible").find((z) => z.plan.legacy_id !== "enterprise")!;
    const review = await createReview(h.store, h.platform(), { kind: "complete_migration", zoneId: zone.id }, planner);
    expect(review.evidence).toMatchObject({ entrypoint: null });
    expect(review.calls[0]!.title).toContain("replaces no entry point");
    expect((await h.calls()).some((c) => c.method === "GET" && c.path.endsWith(entrypointPath(zone.id)))).toBe(true);
  });

  it("is frozen with its version and rules on a zone in validation mode", async () => {
    const zone = zonesOf("validation")[0]!;
    const review = await createReview(h.store, h.platform(), { kind: "complete_migration", zoneId: zone.id }, planner);
    const frozen = (review.evidence as { entrypoint: { version: string; rules: unknown[] } }).entrypoint;
    expect(frozen.version).toBe("1");
    expect(frozen.rules).toHaveLength(h.sandbox.state.waf[zone.id]!.entrypoint!.rules.length);
    expect(review.calls[0]!.title).toContain("replaces entry point version 1");
  });

  it("unchanged since approval: execution sends the PUT once", async () => {
    const zone = zonesOf("validation")[1]!;
    const review = await approved("complete_migration", zone.id);
    const done = await executeReview(h.store, h.platform(), review.id, planner, zone.name);
    expect(done.state).toBe("executed");
    expect(await puts()).toHaveLength(1);
    expect(h.sandbox.state.waf[zone.id]!.entrypoint!.version).toBe("2");
  });

  it("changed since approval: execution refuses with a conflict naming the versions, and sends nothing", async () => {
    const zone = zonesOf("validation")[2]!;
    const review = await approved("complete_migration", zone.id);
    await editEntrypoint(zone.id);
    await fetch(`${h.sandbox.url}/__sandbox/calls`, { method: "DELETE" });
    const refused = executeReview(h.store, h.platform(), review.id, planner, zone.name);
    await expect(refused).rejects.toMatchObject({ kind: "drift" });
    await expect(refused).rejects.toThrow(
      /entry point changed since approval \(entry point version 1 \(\d+ rules.*then, entry point version 2 /,
    );
    expect(await puts()).toEqual([]);
    const stored = (await h.store.load(review.id)).value;
    expect(stored.state).toBe("approved");
    expect(stored.drift?.differences.some((d) => d.path.startsWith("entrypoint."))).toBe(true);
  });

  it("created by someone else between approval and execution on a zone that had none: refused too", async () => {
    const zone = zonesOf("eligible").find((z) => z.plan.legacy_id !== "enterprise")!;
    const review = await approved("complete_migration", zone.id);
    h.sandbox.state.waf[zone.id]!.entrypoint = {
      id: "e".repeat(32),
      name: "default",
      version: "1",
      last_updated: new Date().toISOString(),
      rules: [],
    };
    await expect(executeReview(h.store, h.platform(), review.id, planner, zone.name)).rejects.toThrow(
      /no entry point \(the PUT creates it\) then, entry point version 1/,
    );
    expect(await puts()).toEqual([]);
  });
});

describe("executing again after every call was refused", () => {
  it("checks the entry point again: changed since, it refuses and sends nothing", async () => {
    const zone = zonesOf("validation")[4]!;
    const review = await approved("complete_migration", zone.id);
    // As an execution whose first PUT the platform refused leaves it: failed, nothing applied.
    const loaded = await h.store.load(review.id);
    const at = new Date().toISOString();
    const results = loaded.value.calls.map((_, i) =>
      i === 0 ? { state: "failed" as const, status: 400, response: { success: false }, at } : { state: "pending" as const },
    );
    await h.store.save({ ...loaded.value, state: "failed", results }, loaded.etag);
    await editEntrypoint(zone.id);
    await fetch(`${h.sandbox.url}/__sandbox/calls`, { method: "DELETE" });
    await expect(executeReview(h.store, h.platform(), review.id, planner, zone.name)).rejects.toMatchObject({ kind: "drift" });
    expect(await puts()).toEqual([]);
  });
});

describe("a review approved before Preflight froze the entry point", () => {
  it("is refused, saying the entry point was never shown to its approver, and sends nothing", async () => {
    const zone = zonesOf("validation")[3]!;
    const review = await approved("complete_migration", zone.id);
    // As stored by an earlier version of Preflight: the evidence has no entry point at all.
    const loaded = await h.store.load(review.id);
    const { entrypoint: _, ...older } = loaded.value.evidence as Record<string, unknown>;
    await h.store.save({ ...loaded.value, evidence: older }, loaded.etag);
    await expect(executeReview(h.store, h.platform(), review.id, planner, zone.name)).rejects.toThrow(
      /approved before Preflight read the zone's http_request_firewall_managed entry point \(entry point version 1/,
    );
    expect(await puts()).toEqual([]);
  });
});

describe("reviews on a retired previous-version API", () => {
  it("delete_uri_overrides refuses clearly (409) when the overrides can no longer be listed", async () => {
    const zone = zonesOf("uri_overrides")[0]!;
    h.sandbox.state.waf[zone.id]!.previousApiRetired = true;
    const created = createReview(h.store, h.platform(), { kind: "delete_uri_overrides", zoneId: zone.id }, planner);
    await expect(created).rejects.toMatchObject({ name: "ConflictError", kind: "previous_api_retired" });
    await expect(created).rejects.toThrow(/previous version's API is retired .*HTTP 410 Gone.*can be neither listed nor deleted/);
  });

  it("an approved deletion whose API was retired since is refused as drift, nothing sent", async () => {
    const zone = zonesOf("uri_overrides")[1]!;
    const review = await approved("delete_uri_overrides", zone.id);
    h.sandbox.state.waf[zone.id]!.previousApiRetired = true;
    await expect(executeReview(h.store, h.platform(), review.id, planner, undefined)).rejects.toMatchObject({ kind: "drift" });
    expect((await h.calls()).filter((c) => c.method === "DELETE")).toEqual([]);
    const drift = (await h.store.load(review.id)).value.drift!;
    expect(JSON.stringify(drift.differences)).toContain("previous version's API is retired");
  });

  it("complete_migration on a retired zone is planned from what still answers, overrides frozen as unknown (null)", async () => {
    const zone = zonesOf("eligible", true)[0]!;
    const review = await createReview(h.store, h.platform(), { kind: "complete_migration", zoneId: zone.id }, planner);
    expect(review.evidence).toMatchObject({
      overrides: null,
      check: { compatible: true },
      previousApi: { unknown: ["overrides", "packages", "groups", "rulesOff"] },
    });
    expect(review.calls.map((c) => `${c.method} ${c.query.waf_migration}`)).toEqual(["PUT pending"]);
  });
});
