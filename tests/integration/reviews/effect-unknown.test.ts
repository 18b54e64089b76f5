// Issue 25 item 6: a migration PUT left "sending" by a server that stopped, on a zone whose waf_migration/status
// then answers 410 (the retired APIs' answer): whether the PUT took effect is unknown. The call is recorded
// "unknown", not "failed", and not resent; executing again reads the status again before sending anything.
import { describe, expect, it } from "vitest";
import { executeReview } from "@/lib/reviews/execute";
import { actOnReview, createReview } from "@/lib/reviews/service";
import { withHarness, zonesWhere, PLANNER as planner, APPROVER as approver, type Harness } from "@/tests/integration/reviews/harness";

let h: Harness;
withHarness((started) => (h = started));

const past = () => new Date(Date.now() - 1000).toISOString();
const puts = async () => (await h.calls()).filter((c) => c.method === "PUT");

describe("an interrupted migration PUT whose effect cannot be read", () => {
  it("is recorded unknown (not failed, not resent), then read again and sent once the status answers", async () => {
    const zoneId = zonesWhere(h.sandbox, (z) => z.plan !== "enterprise" && z.state === "start" && z.compatible && z.overrides === 0).find(
      (id) => !h.sandbox.state.waf[id]!.previousApiRetired,
    )!;
    const zone = h.sandbox.state.zones.find((z) => z.id === zoneId)!;
    const created = await createReview(h.store, h.platform(), { kind: "complete_migration", zoneId }, planner);
    await actOnReview(h.store, created.id, "submit", planner);
    await actOnReview(h.store, created.id, "approve", approver);
    // As a server that stopped mid-call leaves it: the PUT journalled "sending", the lease run out.
    const loaded = await h.store.load(created.id);
    const results = [{ state: "sending" as const, at: new Date().toISOString() }];
    await h.store.save(
      { ...loaded.value, state: "executing", executedBy: planner.id, revision: loaded.value.revision + 1, leaseUntil: past(), results },
      loaded.etag,
    );
    await fetch(`${h.sandbox.url}/__sandbox/calls`, { method: "DELETE" });
    h.sandbox.state.waf[zoneId]!.statusRetired = true;

    const unknown = await executeReview(h.store, h.platform(), created.id, planner, zone.name);
    expect(unknown.results[0]).toMatchObject({ state: "unknown" });
    expect(JSON.stringify(unknown.results[0]!.response)).toContain("whether it took effect is unknown");
    expect(unknown.state).toBe("failed");
    expect(await puts()).toEqual([]);
    expect((await h.store.auditLog(created.id)).map((e) => e.action)).toContain("call_effect_unknown");

    // The status answers again and says the previous version still runs: the PUT never took effect, so it is sent, once.
    h.sandbox.state.waf[zoneId]!.statusRetired = false;
    const done = await executeReview(h.store, h.platform(), created.id, planner, zone.name);
    expect(done.state).toBe("executed");
    expect(done.results[0]).toMatchObject({ state: "succeeded" });
    expect((await puts()).map((c) => c.path)).toEqual([`/client/v4${created.calls[0]!.path}`]);
  });
});
