// The scheduler and the client against the real sandbox over HTTP: what the sandbox's call log saw
// is the evidence (calls in flight, retries, pages requested).
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { PlatformClient } from "@/lib/platform/client";
import { BudgetExhaustedError, PlatformError, RateLimitDeferredError } from "@/lib/errors/platform-errors";
import { walkPages } from "@/lib/platform/paginate";
import { RateLimiter } from "@/lib/platform/rate-limiter";
import { Scheduler, type SchedulerOptions } from "@/lib/platform/scheduler";
import { listZones } from "@/lib/platform/zones";
import { startSandbox, type RunningSandbox } from "@/lib/dev/sandbox/server";

const TOKEN = "scheduler-test-token-0001";
let sandbox: RunningSandbox;

interface LoggedCall {
  method: string;
  path: string;
  query: Record<string, string>;
  status: number;
  startedAt: number;
  inFlight: number;
}

async function control(path: string, body?: unknown) {
  const response = await fetch(`${sandbox.url}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return response.json();
}
const calls = async () => (await control("/__sandbox/calls")) as { calls: LoggedCall[]; maxInFlight: number };

function client(
  options: Partial<SchedulerOptions> = {},
  credentials: ConstructorParameters<typeof PlatformClient>[1] = { kind: "token", token: TOKEN },
) {
  const scheduler = new Scheduler({
    limiter: new RateLimiter({ requests: 10_000, windowSeconds: 60 }),
    subrequestBudget: 1000,
    timeoutMs: 10_000,
    retry: { maxAttempts: 4, baseDelayMs: 5, maxDelayMs: 20, maxRetryAfterMs: 10_000 },
    ...options,
  });
  return new PlatformClient(sandbox.apiBaseUrl, credentials, scheduler);
}

const zoneItem = z.object({ id: z.string(), name: z.string() });
const anyList = z.array(zoneItem);

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, apiToken: TOKEN, rateLimit: null });
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await control("/__sandbox/reset", {});
});

describe("Scheduler", () => {
  it("never has more than 6 calls in flight, as the sandbox sees them", async () => {
    await control("/__sandbox/faults", { latencyMs: 25 });
    const platform = client();
    const requests = Array.from({ length: 30 }, () => platform.get("/zones", { per_page: 5 }, anyList));
    await Promise.all(requests);
    const log = await calls();
    expect(log.calls).toHaveLength(30);
    expect(log.maxInFlight).toBe(6);
    expect(Math.max(...log.calls.map((c) => c.inFlight))).toBe(6);
    expect(platform.scheduler.stats.peakInFlight).toBe(6);
  });

  it("walks every page of a list exactly once, in order, concurrently", async () => {
    await control("/__sandbox/faults", { latencyMs: 10 });
    const platform = client();
    const walk = await walkPages(platform, "/zones", { order: "name" }, zoneItem, { perPage: 5 });
    const expected = [...sandbox.state.zones].map((zone) => zone.name).sort();
    expect(walk.items.map((zone) => zone.name)).toEqual(expected);
    expect(walk.nextPage).toBeUndefined();
    const pages = (await calls()).calls.map((c) => Number(c.query.page));
    expect(pages.sort((a, b) => a - b)).toEqual(Array.from({ length: Math.ceil(expected.length / 5) }, (_, i) => i + 1));
    expect((await calls()).maxInFlight).toBeGreaterThan(1);
  });

  it("waits out a 429's Retry-After, then succeeds", async () => {
    await control("/__sandbox/faults", { burst429: 2, retryAfterSeconds: 1 });
    const result = await client().get("/zones", { per_page: 5 }, anyList);
    expect(result.result).toHaveLength(5);
    const log = (await calls()).calls;
    expect(log.map((c) => c.status)).toEqual([429, 429, 200]);
    // Each retry came no sooner than the Retry-After the sandbox asked for.
    expect(log[1]!.startedAt - log[0]!.startedAt).toBeGreaterThanOrEqual(950);
    expect(log[2]!.startedAt - log[1]!.startedAt).toBeGreaterThanOrEqual(950);
  });

  it("reports a rate limit it may not wait out, with the seconds to wait", async () => {
    await control("/__sandbox/faults", { burst429: 5, retryAfterSeconds: 30 });
    const error = await client()
      .get("/zones", {}, anyList)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformError);
    expect(error).toMatchObject({ kind: "rate_limited", retryAfterSeconds: 30 });
  });

  it("retries a 5xx with backoff, then reports it with the upstream code", async () => {
    await control("/__sandbox/faults", { errorRate: 1 });
    const platform = client();
    const error = await platform.get("/zones", {}, anyList).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformError);
    expect(error).toMatchObject({ kind: "api", status: 500 });
    expect((await calls()).calls).toHaveLength(4);
    expect(platform.scheduler.stats.retries).toBe(3);
  });

  it("under an outage tries each call once after 12 failed attempts in a row, and an answer brings the retries back", async () => {
    await control("/__sandbox/faults", { errorRate: 1 });
    const platform = client();
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, () => platform.get("/zones", { per_page: 5 }, anyList).catch((e: unknown) => e)),
    );
    expect(outcomes.every((e) => e instanceof PlatformError && e.kind === "api" && e.status === 500)).toBe(true);
    // Without the rule: 120 attempts (4 a call). With it: the 12 that showed the outage, and at most one more for each
    // call (one in flight or in its backoff then ends once it fails).
    expect((await calls()).calls.length).toBeLessThanOrEqual(12 + 30);
    // An answer (here a 200) ends the outage: the next failing call has its retries again.
    await control("/__sandbox/faults", { errorRate: 0 });
    await platform.get("/zones", { per_page: 5 }, anyList);
    await control("/__sandbox/reset", {});
    await control("/__sandbox/faults", { errorRate: 1 });
    await platform.get("/zones", {}, anyList).catch(() => undefined);
    expect((await calls()).calls).toHaveLength(4);
  });

  it("sends a write that failed with a 5xx only once (it may have been applied)", async () => {
    await control("/__sandbox/faults", { errorRate: 1 });
    await client()
      .send("PATCH", `/zones/${sandbox.state.zones[0]!.id}`, {}, { paused: true }, z.unknown())
      .catch(() => undefined);
    expect((await calls()).calls).toHaveLength(1);
  });

  it("recovers from a 5xx that goes away", async () => {
    await control("/__sandbox/faults", { errorRate: 1 });
    const platform = client({ retry: { maxAttempts: 4, baseDelayMs: 200, maxDelayMs: 200, maxRetryAfterMs: 1 } });
    const pending = platform.get("/zones", { per_page: 5 }, anyList);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await control("/__sandbox/faults", { errorRate: 0 });
    expect((await pending).result).toHaveLength(5);
  });

  it("makes a malformed body a typed error", async () => {
    await control("/__sandbox/faults", { malformedRate: 1 });
    const error = await client()
      .get("/zones", {}, anyList)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "malformed" });
  });

  it("times out a call that does not answer", async () => {
    await control("/__sandbox/faults", { latencyMs: 1_000 });
    const error = await client({ timeoutMs: 100, retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 1 } })
      .get("/zones", {}, anyList)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "timeout" });
    // The sandbox logs the abandoned call once its latency ends: wait for it here so it cannot land in a later test's log.
    await vi.waitFor(async () => expect((await calls()).calls).toHaveLength(1), { timeout: 5_000, interval: 100 });
  });

  it("reports an unreachable platform without naming its address", async () => {
    const closed = await startSandbox({ port: 0, apiToken: TOKEN });
    const url = closed.apiBaseUrl;
    await closed.close();
    const scheduler = new Scheduler({
      limiter: new RateLimiter({ requests: 100, windowSeconds: 60 }),
      subrequestBudget: 10,
      timeoutMs: 2_000,
      retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 1 },
    });
    const error = await new PlatformClient(url, { kind: "token", token: TOKEN }, scheduler)
      .get("/zones", {}, anyList)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "network" });
    expect((error as Error).message).not.toContain("127.0.0.1");
    expect(scheduler.stats.subrequests).toBe(2);
  });

  it("lets every call its budget allows wait on the request's abort, without Node's listener-leak warning", async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on("warning", onWarning);
    try {
      const request = new AbortController();
      const platform = client({ signal: request.signal, subrequestBudget: 50 });
      // 30 calls, 6 in flight: the other 24 wait for a slot, each listening for the request's abort.
      await Promise.all(Array.from({ length: 30 }, () => platform.get("/zones", { per_page: 5 }, anyList)));
      await new Promise((resolve) => setImmediate(resolve)); // Node emits its warning on a later tick
      expect(warnings.filter((w) => w.startsWith("MaxListenersExceededWarning"))).toEqual([]);
    } finally {
      process.off("warning", onWarning);
    }
  });

  it("refuses a call beyond the subrequest budget before sending it", async () => {
    const platform = client({ subrequestBudget: 2 });
    await platform.get("/zones", {}, anyList);
    await platform.get("/zones", {}, anyList);
    await expect(platform.get("/zones", {}, anyList)).rejects.toBeInstanceOf(BudgetExhaustedError);
    expect((await calls()).calls).toHaveLength(2);
  });
});

describe("PlatformClient", () => {
  it("authenticates with a token or with the e-mail and key pair", async () => {
    await expect(client().get("/zones", {}, anyList)).resolves.toBeDefined();
    const legacy = await startSandbox({ port: 0, apiToken: TOKEN, apiEmail: "sec@example.com", apiKey: "legacy-key-1" });
    try {
      const scheduler = new Scheduler({
        limiter: new RateLimiter({ requests: 10, windowSeconds: 1 }),
        subrequestBudget: 5,
        timeoutMs: 5_000,
      });
      const keyClient = new PlatformClient(legacy.apiBaseUrl, { kind: "key", email: "sec@example.com", key: "legacy-key-1" }, scheduler);
      await expect(keyClient.get("/zones", {}, anyList)).resolves.toBeDefined();
    } finally {
      await legacy.close();
    }
  });

  it("turns refused credentials into an api error carrying code 10000", async () => {
    const error = await client({}, { kind: "token", token: "wrong-token-123" })
      .get("/zones", {}, anyList)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "api", status: 403, code: 10000 });
  });
});

describe("listZones under the subrequest budget", () => {
  it("returns a cursor that resumes without repeating or skipping a zone", async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let requests = 0;
    do {
      const page = await listZones(client({ subrequestBudget: 2 }), { cursor });
      seen.push(...page.zones.map((zone) => zone.name));
      cursor = page.cursor;
      expect(page.complete).toBe(cursor === undefined);
      requests++;
    } while (cursor && requests < 20);
    const expected = [...sandbox.state.zones].map((zone) => zone.name).sort();
    expect(requests).toBe(Math.ceil(Math.ceil(expected.length / 50) / 2));
    expect(seen).toEqual(expected);
    const pages = (await calls()).calls.map((c) => c.query.page);
    expect(new Set(pages).size).toBe(pages.length);
  });

  it("maps the platform's zone to Preflight's row", async () => {
    const page = await listZones(client());
    const zone = sandbox.state.zones[0]!;
    const row = page.zones.find((r) => r.id === zone.id)!;
    expect(row).toMatchObject({ id: zone.id, name: zone.name, status: zone.status, plan: zone.plan.legacy_id });
    expect(page.complete).toBe(true);
    expect(page.totalCount).toBe(sandbox.state.zones.length);
    expect(new Set(page.zones.map((r) => r.plan))).toEqual(new Set(["free", "pro", "business", "enterprise"]));
  });
});

describe("listZones under the account rate limit", () => {
  it("answers with a cursor and the wait instead of holding the request for the window", async () => {
    const limiter = new RateLimiter({ requests: 2, windowSeconds: 60 });
    const make = () =>
      new PlatformClient(
        sandbox.apiBaseUrl,
        { kind: "token", token: TOKEN },
        new Scheduler({ limiter, subrequestBudget: 1000, timeoutMs: 5_000, maxRateLimitWaitMs: 1_000 }),
      );
    const page = await listZones(make());
    expect(page.complete).toBe(false);
    expect(page.zones).toHaveLength(100);
    expect(page.retryAfterSeconds).toBeGreaterThan(50);
    expect((await calls()).calls).toHaveLength(2);
  });
});

describe("GraphQL analytics' own limit answered as HTTP 429 (the documented shape)", () => {
  const query = "query Viewer { viewer { __typename } }";

  it("pauses only GraphQL queries: the account's calls go on, and the refusal is named as GraphQL's", async () => {
    await control("/__sandbox/faults", { graphqlBudgetDepleted: 1, retryAfterSeconds: 300 });
    const graphqlLimiter = new RateLimiter({ requests: 1000, windowSeconds: 300 }, undefined, "graphql");
    const scheduler = new Scheduler({
      limiter: new RateLimiter({ requests: 10_000, windowSeconds: 60 }),
      subrequestBudget: 1000,
      timeoutMs: 10_000,
      // Any pause of the account's limiter would make the next v4 call defer at once.
      maxRateLimitWaitMs: 0,
      retry: { maxAttempts: 4, baseDelayMs: 5, maxDelayMs: 20, maxRetryAfterMs: 10_000 },
    });
    const platform = new PlatformClient(sandbox.apiBaseUrl, { kind: "token", token: TOKEN }, scheduler, graphqlLimiter);

    const refusal = await platform.graphql(query, {}, z.unknown()).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(RateLimitDeferredError);
    expect(refusal).toMatchObject({ limit: "graphql", retryAfterMs: 300_000 });
    const log = (await calls()).calls;
    expect(log.map((c) => c.status)).toEqual([429]);

    // The account's limit was not touched: a v4 call goes through at once.
    await expect(platform.get("/zones", {}, anyList)).resolves.toBeDefined();
    // GraphQL's is paused: the next query defers without reaching the platform.
    await expect(platform.graphql(query, {}, z.unknown())).rejects.toMatchObject({ limit: "graphql" });
    expect((await calls()).calls).toHaveLength(2);
  });
});
