import { describe, expect, it } from "vitest";
import { RateLimitDeferredError } from "@/lib/errors/platform-errors";
import { RateLimiter } from "@/lib/platform/rate-limiter";
import { virtualClock } from "@/tests/unit/virtual-clock";

describe("RateLimiter", () => {
  it("never lets more than the limit into any window-long interval", async () => {
    const clock = virtualClock();
    const limiter = new RateLimiter({ requests: 10, windowSeconds: 30 }, clock);
    const sent: number[] = [];
    for (let i = 0; i < 45; i++) {
      await limiter.acquire();
      sent.push(clock.now());
    }
    for (const start of sent) {
      const inWindow = sent.filter((t) => t >= start && t < start + 30_000).length;
      expect(inWindow).toBeLessThanOrEqual(10);
    }
    // …and it is not slower than it must be: 45 calls at 10 per window need 4 windows after the first burst.
    expect(sent.at(-1)! - sent[0]!).toBeLessThan(4 * 30_000 + 4 * 1_000);
  });

  it("lets the first burst through at once", async () => {
    const clock = virtualClock();
    const limiter = new RateLimiter({ requests: 5, windowSeconds: 60 }, clock);
    for (let i = 0; i < 5; i++) await limiter.acquire();
    expect(clock.slept).toEqual([]);
    expect(limiter.available()).toBe(0);
  });

  it("holds every caller back while the platform has paused the account (after a 429)", async () => {
    const clock = virtualClock();
    const limiter = new RateLimiter({ requests: 100, windowSeconds: 60 }, clock);
    const start = clock.now();
    limiter.pauseUntil(start + 7_000);
    await limiter.acquire();
    expect(clock.now() - start).toBe(7_000);
  });

  it("stops waiting when the request is aborted", async () => {
    const limiter = new RateLimiter({ requests: 1, windowSeconds: 60 });
    await limiter.acquire();
    const controller = new AbortController();
    const waiting = limiter.acquire(controller.signal);
    controller.abort(new Error("browser went away"));
    await expect(waiting).rejects.toThrow("browser went away");
  });
});

describe("RateLimiter deferral", () => {
  it("throws instead of waiting longer than a request should hold on", async () => {
    const clock = virtualClock();
    const limiter = new RateLimiter({ requests: 2, windowSeconds: 60 }, clock);
    await limiter.acquire(undefined, 5_000);
    await limiter.acquire(undefined, 5_000);
    const error = await limiter.acquire(undefined, 5_000).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitDeferredError);
    expect((error as RateLimitDeferredError).retryAfterMs).toBeGreaterThan(59_000);
    expect(clock.slept).toEqual([]);
  });
});

describe("RateLimiter shared by two consumers", () => {
  it("gives a consumer alone the whole limit", async () => {
    const clock = virtualClock();
    const limiter = new RateLimiter({ requests: 10, windowSeconds: 60 }, clock);
    for (let i = 0; i < 10; i++) await limiter.acquire(undefined, 0, "Zones scan");
    expect(limiter.available()).toBe(0);
  });

  it("keeps a waiting consumer's share from the one that used the window up", async () => {
    const clock = virtualClock();
    const limiter = new RateLimiter({ requests: 10, windowSeconds: 60 }, clock);
    for (let i = 0; i < 10; i++) await limiter.acquire(undefined, 0, "Zones scan");
    // The certificate audit arrives to a full bucket: it is told to wait, and from then on it is owed half.
    await expect(limiter.acquire(undefined, 0, "Certificate audit")).rejects.toBeInstanceOf(RateLimitDeferredError);
    await clock.sleep(61_000);
    const sent = { "Zones scan": 0, "Certificate audit": 0 };
    // Both ask as fast as they can; the scan asks first each time and still cannot take the audit's half.
    for (let round = 0; round < 10; round++) {
      for (const consumer of ["Zones scan", "Certificate audit"] as const) {
        await limiter.acquire(undefined, 0, consumer).then(
          () => sent[consumer]++,
          () => undefined,
        );
      }
    }
    expect(sent).toEqual({ "Zones scan": 5, "Certificate audit": 5 });
    const use = limiter.use();
    expect(use.consumers).toEqual([
      { consumer: "Certificate audit", calls: 5 },
      { consumer: "Zones scan", calls: 5 },
    ]);
  });

  it("lets unowed tokens go to whoever asks: the other consumer's unused share only is kept", async () => {
    const clock = virtualClock();
    const limiter = new RateLimiter({ requests: 10, windowSeconds: 60 }, clock);
    for (let i = 0; i < 4; i++) await limiter.acquire(undefined, 0, "Certificate audit");
    // The audit has used 4 of its 5: the scan may take 5 + 0 (the audit's 1 left is kept).
    let scan = 0;
    for (let i = 0; i < 10; i++)
      await limiter.acquire(undefined, 0, "Zones scan").then(
        () => scan++,
        () => undefined,
      );
    expect(scan).toBe(5);
    expect(limiter.available()).toBe(1);
    await limiter.acquire(undefined, 0, "Certificate audit");
    expect(limiter.available()).toBe(0);
  });

  it("forgets a consumer that asked nothing for a whole window", async () => {
    const clock = virtualClock();
    const limiter = new RateLimiter({ requests: 10, windowSeconds: 60 }, clock);
    await limiter.acquire(undefined, 0, "Certificate audit");
    await clock.sleep(61_000);
    for (let i = 0; i < 10; i++) await limiter.acquire(undefined, 0, "Zones scan");
    expect(limiter.use().consumers).toEqual([{ consumer: "Zones scan", calls: 10 }]);
  });
});

describe("RateLimiter: a page that went away", () => {
  it("stops holding its share 30 s after its last call, while its calls still count in the window", async () => {
    const clock = virtualClock();
    const limiter = new RateLimiter({ requests: 10, windowSeconds: 300 }, clock);
    await limiter.acquire(undefined, 0, "Zone detail");
    await clock.sleep(31_000);
    let scan = 0;
    for (let i = 0; i < 10; i++)
      await limiter.acquire(undefined, 0, "Zones scan").then(
        () => scan++,
        () => undefined,
      );
    expect(scan).toBe(9);
    expect(limiter.use().consumers).toEqual([
      { consumer: "Zones scan", calls: 9 },
      { consumer: "Zone detail", calls: 1 },
    ]);
  });

  it("keeps a deferred consumer's share until it comes back", async () => {
    const clock = virtualClock();
    const limiter = new RateLimiter({ requests: 10, windowSeconds: 60 }, clock);
    for (let i = 0; i < 10; i++) await limiter.acquire(undefined, 0, "Zones scan");
    await expect(limiter.acquire(undefined, 1_000, "Certificate audit")).rejects.toBeInstanceOf(RateLimitDeferredError);
    // The audit comes back when told (about 61 s later): the scan, asking first, still leaves it half.
    await clock.sleep(61_000);
    let scan = 0;
    for (let i = 0; i < 10; i++)
      await limiter.acquire(undefined, 0, "Zones scan").then(
        () => scan++,
        () => undefined,
      );
    expect(scan).toBe(5);
  });
});
