// A review whose executing server stopped mid-way: another request takes it over once the lease has run
// out, reads the account for the call left "sending", and sends it only if it had not taken effect.
import { describe, expect, it } from "vitest";
import { executeReview } from "@/lib/reviews/execute";
import type { Review } from "@/lib/reviews/schema";
import { actOnReview, createReview } from "@/lib/reviews/service";
import { withHarness, PLANNER as planner, APPROVER as approver, TOKEN, type Harness } from "@/tests/integration/reviews/harness";

let h: Harness;
withHarness((started) => (h = started));

/** Zones with at least `n` custom hostnames still on the legacy-chain CA, and those hostnames. */
function legacyHostnames(n: number, skip: number): { zoneId: string; ids: string[] } {
  const found = Object.entries(h.sandbox.state.certificates)
    .map(([zoneId, certs]) => ({
      zoneId,
      ids: certs.customHostnames
        // A moved or deleted hostname is never switched (a PATCH would revive it): only those still serving.
        .filter((c) => c.ssl.certificate_authority === "lets_encrypt" && c.status !== "moved" && c.status !== "deleted")
        .map((c) => c.id)
        .slice(0, n),
    }))
    .filter((z) => z.ids.length === n);
  return found[skip]!;
}

/** An approved three-call review, then stored as a stopped server would leave it: call 0 done, call 1 "sending". */
async function interrupted(skip: number, sentBeforeCrash: boolean, leaseUntil: string): Promise<Review> {
  const { zoneId, ids } = legacyHostnames(3, skip);
  const created = await createReview(
    h.store,
    h.platform(),
    { kind: "switch_hostname_ca", zoneId, hostnameIds: ids, certificateAuthority: "google" },
    planner,
  );
  await actOnReview(h.store, created.id, "submit", planner);
  await actOnReview(h.store, created.id, "approve", approver);
  const loaded = await h.store.load(created.id);
  const [first, second] = loaded.value.calls;
  for (const call of sentBeforeCrash ? [first!, second!] : [first!]) {
    const res = await fetch(`${h.sandbox.apiBaseUrl}${call.path}`, {
      method: call.method,
      headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
      body: JSON.stringify(call.body),
    });
    expect(res.status).toBe(200);
  }
  const at = new Date().toISOString();
  const results = [{ state: "succeeded" as const, status: 200, at }, { state: "sending" as const, at }, { state: "pending" as const }];
  await h.store.save(
    { ...loaded.value, state: "executing", executedBy: planner.id, revision: loaded.value.revision + 1, leaseUntil, results },
    loaded.etag,
  );
  await fetch(`${h.sandbox.url}/__sandbox/calls`, { method: "DELETE" });
  return loaded.value;
}

const patches = async () => (await h.calls()).filter((c) => c.method === "PATCH").map((c) => c.path.replace("/client/v4", ""));
const past = () => new Date(Date.now() - 1000).toISOString();

describe("resuming an interrupted execution", () => {
  it("refuses while the lease holds, then does not resend a call the account shows was applied", async () => {
    const review = await interrupted(0, true, new Date(Date.now() + 60_000).toISOString());
    await expect(executeReview(h.store, h.platform(), review.id, planner, undefined)).rejects.toMatchObject({ kind: "executing" });
    const stored = await h.store.load(review.id);
    await h.store.save({ ...stored.value, leaseUntil: past(), revision: stored.value.revision + 1 }, stored.etag);
    const done = await executeReview(h.store, h.platform(), review.id, planner, undefined);
    expect(done.state).toBe("executed");
    expect(done.results[1]).toMatchObject({ state: "succeeded", verified: true });
    expect(await patches()).toEqual([review.calls[2]!.path]); // only the call never sent
    const audit = await h.store.auditLog(review.id);
    expect(audit.map((e) => e.action)).toEqual(
      expect.arrayContaining(["execution_resumed", "call_verified", "call_succeeded", "execution_executed"]),
    );
  });

  it("sends a call left 'sending' that never reached the platform, once", async () => {
    const review = await interrupted(1, false, past());
    const done = await executeReview(h.store, h.platform(), review.id, planner, undefined);
    expect(done.state).toBe("executed");
    expect(done.results[1]).toMatchObject({ state: "succeeded" });
    expect(done.results[1]!.verified).toBeUndefined();
    expect(await patches()).toEqual([review.calls[1]!.path, review.calls[2]!.path]);
    for (const id of review.target.kind === "switch_hostname_ca" ? review.target.hostnameIds : []) {
      const zone = h.sandbox.state.certificates[review.target.kind === "switch_hostname_ca" ? review.target.zoneId : ""]!;
      expect(zone.customHostnames.find((c) => c.id === id)!.ssl.certificate_authority).toBe("google");
    }
  });
});
