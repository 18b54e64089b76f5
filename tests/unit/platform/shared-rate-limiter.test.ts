import { describe, expect, it } from "vitest";
import { RateLimitDeferredError } from "@/lib/errors/platform-errors";
import { emptyLedger, permitLifeMs, PERMIT_LEASE_MS, type Ledger } from "@/lib/platform/limit-ledger";
import { settle, type LimitRequest } from "@/lib/platform/shared-limit-protocol";
import { CALL_TIMEOUT_MS, SharedRateLimiter } from "@/lib/platform/shared-rate-limiter";
import { virtualClock } from "@/tests/unit/virtual-clock";

const LIMIT = { requests: 12, windowSeconds: 30 };

/** The Durable Object in memory: the same pure settle() it runs, on the test's clock. */
function fakeObject(clock: { now(): number }) {
  let ledger: Ledger = emptyLedger();
  const calls: LimitRequest[] = [];
  return {
    calls,
    ledger: () => ledger,
    call: async (request: LimitRequest) => {
      calls.push(request);
      const settled = settle(ledger, request, clock.now());
      ledger = settled.ledger;
      return settled.answer;
    },
  };
}

describe("SharedRateLimiter (an isolate's side of the shared limit)", () => {
  it("two isolates on one object never send more than the limit in a window, and waste none of it", async () => {
    const clock = virtualClock(0);
    const object = fakeObject(clock);
    const isolates = [new SharedRateLimiter(LIMIT, object.call, clock), new SharedRateLimiter(LIMIT, object.call, clock)];
    const sent: number[] = [];
    for (let i = 0; i < 48; i++) {
      await isolates[i % 2]!.acquire(undefined, Infinity, "Zones scan");
      sent.push(clock.now());
    }
    for (const start of sent) expect(sent.filter((t) => t >= start && t < start + 30_000).length).toBeLessThanOrEqual(12);
    // 48 calls at 12 a window: the first burst at once, then three more permit lives.
    expect(sent.at(-1)!).toBeLessThanOrEqual(3 * permitLifeMs(LIMIT));
  });

  it("takes one batch for the calls waiting together: one call to the object, not one per permit", async () => {
    const clock = virtualClock(0);
    const object = fakeObject(clock);
    const limiter = new SharedRateLimiter(LIMIT, object.call, clock, "account", () => undefined);
    await Promise.all(Array.from({ length: 6 }, () => limiter.acquire(undefined, Infinity, "Zones scan")));
    expect(object.calls).toHaveLength(1);
    expect(object.calls[0]).toMatchObject({ consumer: "Zones scan", wanted: 6 });
  });

  it("gives back the permits it did not send within the lease", async () => {
    const clock = virtualClock(0);
    const object = fakeObject(clock);
    const timers: Array<() => void> = [];
    const limiter = new SharedRateLimiter(LIMIT, object.call, clock, "account", (_ms, work) => void timers.push(work));
    const request = new AbortController();
    const waiters = [0, 1].map(() => limiter.acquire(request.signal, Infinity, "Zones scan"));
    request.abort(new Error("browser went away")); // the batch of 2 is already asked for; neither permit is sent
    const outcomes = await Promise.allSettled(waiters);
    expect(outcomes.map((o) => o.status)).toEqual(["rejected", "rejected"]);
    expect(limiter.heldPermits()).toBe(2);
    expect(object.ledger().grants[0]!.count).toBe(2);
    await clock.sleep(PERMIT_LEASE_MS);
    timers.forEach((work) => work());
    await Promise.resolve();
    expect(limiter.heldPermits()).toBe(0);
    expect(object.calls.at(-1)).toMatchObject({ wanted: 0, giveBack: [{ consumer: "Zones scan", count: 2 }] });
    expect(object.ledger().grants).toEqual([]);
  });

  it("never gives back twice: a give-back whose answer was lost may have been taken", async () => {
    const clock = virtualClock(0);
    const object = fakeObject(clock);
    let loseAnswer = false;
    const timers: Array<() => void> = [];
    const limiter = new SharedRateLimiter(
      LIMIT,
      async (request) => {
        const answer = await object.call(request);
        if (loseAnswer) throw new Error("the shared rate limit did not answer in time"); // the object settled it
        return answer;
      },
      clock,
      "account",
      (_ms, work) => void timers.push(work),
    );
    const request = new AbortController();
    const asked = [0, 1, 2].map(() => limiter.acquire(request.signal, Infinity, "Zones scan"));
    request.abort(new Error("browser went away")); // the batch of 3 is already asked for
    await Promise.allSettled(asked);
    while (limiter.heldPermits() < 3) await new Promise((resolve) => setTimeout(resolve, 0));
    await limiter.acquire(undefined, 0, "Zones scan"); // one permit is sent, two are not
    await clock.sleep(PERMIT_LEASE_MS);
    loseAnswer = true;
    timers.forEach((work) => work());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(object.ledger().grants).toEqual([{ at: 0, consumer: "Zones scan", count: 1 }]);
    loseAnswer = false;
    await limiter.refresh();
    // Giving the two back again would free the permit that was sent.
    expect(object.calls.at(-1)!.giveBack).toEqual([]);
    expect(object.ledger().grants).toEqual([{ at: 0, consumer: "Zones scan", count: 1 }]);
  });

  it("passes a 429's pause to the object, so the other isolate holds back too", async () => {
    const clock = virtualClock(0);
    const object = fakeObject(clock);
    const [a, b] = [new SharedRateLimiter(LIMIT, object.call, clock), new SharedRateLimiter(LIMIT, object.call, clock)];
    a.pauseUntil(clock.now() + 7_000);
    await Promise.resolve();
    expect(a.use().pausedUntil).not.toBeNull();
    const start = clock.now();
    await b.acquire();
    expect(clock.now() - start).toBe(7_000);
  });

  it("waits and says so when the object cannot be reached; never counts on its own", async () => {
    const clock = virtualClock(0);
    let reachable = false;
    const object = fakeObject(clock);
    const limiter = new SharedRateLimiter(
      LIMIT,
      async (request) => {
        if (!reachable) throw new Error("object unreachable");
        return object.call(request);
      },
      clock,
    );
    const error = await limiter.acquire(undefined, 5_000).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitDeferredError);
    expect(limiter.use()).toMatchObject({ keeping: "shared", unreachable: true });
    expect(clock.now()).toBeGreaterThanOrEqual(4_000);
    reachable = true;
    await limiter.acquire(undefined, 5_000);
    expect(limiter.use().unreachable).toBe(false);
  });
});

describe("SharedRateLimiter when the object answers slowly", () => {
  /** The object on the test's clock, answering `latencyMs` after it is asked (half out, half back). */
  function slowObject(clock: ReturnType<typeof virtualClock>, latencyMs: number) {
    const object = fakeObject(clock);
    return {
      ...object,
      call: async (request: LimitRequest) => {
        // Past a few calls a livelocked isolate would ask forever: the object stops answering so the test ends.
        if (object.calls.length >= 4) throw new Error("asked again and again");
        await clock.sleep(latencyMs / 2);
        const answer = await object.call(request);
        await clock.sleep(latencyMs / 2);
        return answer;
      },
    };
  }

  it("spends a batch that arrives 1.5 s after it was asked for, instead of giving it back and asking again", async () => {
    const clock = virtualClock(0);
    const object = slowObject(clock, 1_500);
    const limiter = new SharedRateLimiter(LIMIT, object.call, clock, "account", () => undefined);
    await Promise.all(Array.from({ length: 3 }, () => limiter.acquire(undefined, 10_000, "Zones scan")));
    expect(object.calls).toHaveLength(1);
    expect(object.calls[0]!.giveBack).toEqual([]);
    expect(object.ledger().grants).toEqual([{ at: 750, consumer: "Zones scan", count: 3 }]);
  });

  it("a slow answer's permits, sent at the end of their lease, still count until the window has passed", async () => {
    const clock = virtualClock(0);
    const object = fakeObject(clock);
    const late = CALL_TIMEOUT_MS - 1_000;
    const slow = async (request: LimitRequest) => {
      await clock.sleep(900);
      const answer = await object.call(request);
      await clock.sleep(late); // the answer comes back as late as the isolate still takes it
      return answer;
    };
    const [a, b] = [
      new SharedRateLimiter(LIMIT, slow, clock, "account", () => undefined),
      new SharedRateLimiter(LIMIT, object.call, clock),
    ];
    const request = new AbortController();
    const asked = Array.from({ length: 12 }, () => a.acquire(request.signal, Infinity, "Zones scan"));
    request.abort(new Error("browser went away")); // the batch of 12 is already asked for
    await Promise.allSettled(asked);
    while (a.heldPermits() < 12) await new Promise((resolve) => setTimeout(resolve, 0));
    await clock.sleep(PERMIT_LEASE_MS - 1); // the last moment of the lease
    const sent: number[] = [];
    for (let i = 0; i < 12; i++) await a.acquire(undefined, 0, "Zones scan").then(() => sent.push(clock.now()));
    for (let i = 0; i < 12; i++) await b.acquire(undefined, Infinity, "Zones scan").then(() => sent.push(clock.now()));
    expect(sent[0]).toBe(900 + late + PERMIT_LEASE_MS - 1);
    const windowMs = LIMIT.windowSeconds * 1000;
    for (const start of sent) expect(sent.filter((t) => t >= start && t < start + windowMs).length).toBeLessThanOrEqual(12);
  });
});

describe("SharedRateLimiter across server requests", () => {
  it("never makes a request wait on another request's call (on the edge it may never settle)", async () => {
    const clock = virtualClock(0);
    const object = fakeObject(clock);
    let first = true;
    const limiter = new SharedRateLimiter(
      LIMIT,
      (request) => {
        if (!first) return object.call(request);
        first = false;
        return new Promise(() => undefined); // the first request ended: its call is cancelled and never answers
      },
      clock,
      "account",
      () => undefined,
    );
    void limiter.acquire(new AbortController().signal, Infinity, "Zones scan");
    await new Promise((resolve) => setTimeout(resolve, 5));
    await limiter.acquire(new AbortController().signal, Infinity, "Zones scan");
    expect(object.calls).toHaveLength(1);
  });
});
