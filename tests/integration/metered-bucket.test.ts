// Bucket calls are subrequests on the edge: through the request's Scheduler they spend its budget, hold
// one of its 6 connections each, and a get's body is already read when the slot is given back.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BudgetExhaustedError } from "@/lib/errors/platform-errors";
import { RateLimiter } from "@/lib/platform/rate-limiter";
import { Scheduler } from "@/lib/platform/scheduler";
import { hasBody, type Bucket } from "@/lib/storage/bucket";
import { closeLocalBucket, openLocalBucket } from "@/lib/storage/local-bucket";
import { meteredBucket } from "@/lib/storage/metered-bucket";

let dir: string;
let bucket: Bucket;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "preflight-metered-"));
  bucket = await openLocalBucket(dir);
});
afterAll(async () => {
  await closeLocalBucket();
  rmSync(dir, { recursive: true, force: true });
});

const scheduler = (budget: number) =>
  new Scheduler({ limiter: new RateLimiter({ requests: 1000, windowSeconds: 60 }), subrequestBudget: budget, timeoutMs: 5_000 });

describe("meteredBucket", () => {
  it("counts every call against the budget and refuses past it", async () => {
    const s = scheduler(3);
    const metered = meteredBucket(bucket, s);
    await metered.put("a", "one");
    const got = await metered.get("a");
    expect(hasBody(got) && (await got.text())).toBe("one");
    await metered.head("a");
    expect(s.stats.subrequests).toBe(3);
    await expect(metered.list({ prefix: "a" })).rejects.toBeInstanceOf(BudgetExhaustedError);
  });

  it("never holds more than 6 calls at once, and shares the slots with the request's fetches", async () => {
    const s = scheduler(100);
    const metered = meteredBucket(bucket, s);
    await Promise.all(Array.from({ length: 20 }, (_, i) => metered.put(`k${i}`, "x".repeat(1000))));
    await Promise.all(Array.from({ length: 20 }, (_, i) => metered.get(`k${i}`)));
    expect(s.stats.peakInFlight).toBe(6);
    expect(s.stats.subrequests).toBe(40);
  });
});
