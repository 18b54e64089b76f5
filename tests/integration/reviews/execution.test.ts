// Reviews on Miniflare's real bucket against the sandbox over HTTP: concurrent approvals and executes
// end in exactly one transition and one upstream call; drift refuses execution; listing pages past 1000.
import { describe, expect, it } from "vitest";
import { ConflictError } from "@/lib/errors/conflict-error";
import { InputError } from "@/lib/errors/input-error";
import { executeReview } from "@/lib/reviews/execute";
import { actOnReview, createReview } from "@/lib/reviews/service";
import type { Review } from "@/lib/reviews/schema";
import { ReviewStore } from "@/lib/reviews/store";
import type { Bucket } from "@/lib/storage/bucket";
import {
  withHarness,
  PLANNER as planner,
  APPROVER as approver1,
  SECOND_APPROVER as approver2,
  zonesWhere,
  type Harness,
} from "@/tests/integration/reviews/harness";

let h: Harness;
withHarness((started) => (h = started));

async function approvedCompletion(zoneId: string): Promise<Review> {
  const review = await createReview(h.store, h.platform(), { kind: "complete_migration", zoneId }, planner);
  await actOnReview(h.store, review.id, "submit", planner);
  return actOnReview(h.store, review.id, "approve", approver1);
}

const eligible = () => zonesWhere(h.sandbox, (z) => z.state === "start" && z.compatible && z.overrides === 0 && z.plan !== "enterprise");

describe("reviews on the bucket", () => {
  it("lets exactly one of two concurrent approvals through, every time", async () => {
    const zoneId = eligible()[0]!;
    for (let round = 0; round < 12; round++) {
      const review = await createReview(h.store, h.platform(), { kind: "complete_migration", zoneId }, planner);
      await actOnReview(h.store, review.id, "submit", planner);
      const outcomes = await Promise.allSettled([
        actOnReview(h.store, review.id, "approve", approver1),
        actOnReview(h.store, review.id, "approve", approver2),
      ]);
      expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
      const loser = outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult;
      expect(loser.reason).toBeInstanceOf(ConflictError);
      const audit = await h.store.auditLog(review.id);
      expect(audit.filter((e) => e.action === "approve")).toHaveLength(1);
      expect((await h.store.load(review.id)).value.state).toBe("approved");
    }
  });

  it("sends each call once when two executes race, every time", async () => {
    const zones = eligible().slice(1, 9);
    expect(zones.length).toBe(8);
    for (const zoneId of zones) {
      const review = await approvedCompletion(zoneId);
      const outcomes = await Promise.allSettled([
        executeReview(h.store, h.platform(), review.id, planner, review.confirmText),
        executeReview(h.store, h.platform(), review.id, approver2, review.confirmText),
      ]);
      expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
      expect((outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult).reason).toBeInstanceOf(ConflictError);
      // A third, later execute sends nothing either.
      await expect(executeReview(h.store, h.platform(), review.id, planner, review.confirmText)).rejects.toMatchObject({
        kind: "already_executed",
      });
      const puts = (await h.calls()).filter((c) => c.method === "PUT" && c.path.includes(zoneId));
      expect(puts).toHaveLength(1);
      const stored = (await h.store.load(review.id)).value;
      expect(stored.results.map((r) => r.state)).toEqual(
        stored.calls.map(() => (stored.state === "executed" ? "succeeded" : expect.any(String))),
      );
      const audit = await h.store.auditLog(review.id);
      expect(audit.filter((e) => e.action === "execution_started")).toHaveLength(1);
      expect(audit.filter((e) => e.call).every((e) => e.call!.response !== undefined)).toBe(true);
    }
  });

  it("refuses to execute, with the differences, when the account changed since approval", async () => {
    const zoneId = eligible()[10]!;
    const review = await approvedCompletion(zoneId);
    h.sandbox.state.waf[zoneId]!.migrationState = "validation"; // someone moved the zone in the dashboard
    const error = await executeReview(h.store, h.platform(), review.id, planner, review.confirmText).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).kind).toBe("drift");
    expect(JSON.stringify((error as ConflictError).details)).toContain("new_waf_status");
    expect((await h.calls()).filter((c) => c.method === "PUT" && c.path.includes(zoneId))).toHaveLength(0);
    const stored = (await h.store.load(review.id)).value;
    expect(stored.state).toBe("approved");
    expect(stored.drift?.differences.length).toBeGreaterThan(0);
  });

  it("requires the zone name to complete a migration", async () => {
    const review = await approvedCompletion(eligible()[11]!);
    await expect(executeReview(h.store, h.platform(), review.id, planner, "wrong.example")).rejects.toBeInstanceOf(InputError);
    expect((await h.store.load(review.id)).value.state).toBe("approved");
  });

  it("lists every review across more than 1000 objects by following truncated", async () => {
    const base = (await h.store.list()).length;
    const template = (await h.store.load((await h.store.list())[0]!.id)).value;
    for (let i = 0; i < 1010; i += 50) {
      await Promise.all(
        Array.from({ length: Math.min(50, 1010 - i) }, (_, j) =>
          h.store.create({ ...template, id: crypto.randomUUID(), createdAt: new Date(Date.UTC(2020, 0, 1, 0, 0, i + j)).toISOString() }),
        ),
      );
    }
    const pages: boolean[] = [];
    // The same bucket, with its list calls observed.
    const observed = new Proxy(h.bucket, {
      get: (target, name) =>
        name === "list"
          ? async (options: Parameters<Bucket["list"]>[0]) => {
              const page = await target.list(options);
              pages.push(page.truncated);
              return page;
            }
          : (Reflect.get(target, name) as unknown),
    });
    expect(await new ReviewStore(observed).list()).toHaveLength(base + 1010);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.at(-1)).toBe(false);
  }, 120_000);
});
