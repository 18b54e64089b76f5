// The sandbox's hard parts for a client: the account rate limit, injected faults, the call log and reset.
import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_FAULTS } from "@/lib/dev/sandbox/faults";
import { startSandbox, type CallRecord, type RunningSandbox, type SandboxOptions } from "@/lib/dev/sandbox/server";

const token = randomBytes(24).toString("hex");
const email = "qa@sandbox.preflight.test";
const key = randomBytes(18).toString("hex");
const bearer = { Authorization: `Bearer ${token}` };
const running: RunningSandbox[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

async function start(options: Partial<SandboxOptions> = {}): Promise<RunningSandbox> {
  const sandbox = await startSandbox({ port: 0, apiToken: token, apiEmail: email, apiKey: key, zoneCount: 30, ...options });
  running.push(sandbox);
  return sandbox;
}

async function get(sandbox: RunningSandbox, path: string, headers: Record<string, string> = bearer) {
  const res = await fetch(`${sandbox.apiBaseUrl}${path}`, { headers });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

async function control(sandbox: RunningSandbox, path: string, method = "GET", body?: string) {
  const res = await fetch(`${sandbox.url}/__sandbox${path}`, { method, body, headers: body ? { "Content-Type": "application/json" } : {} });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

const errorCode = (text: string) => (JSON.parse(text) as { errors: { code: number }[] }).errors[0]?.code;

describe("rate limit", () => {
  it("refuses the call over the limit with 429/971 and Retry-After, for the whole block, then serves again", async () => {
    let now = 1_000_000;
    const sandbox = await start({ rateLimit: { requests: 5, windowSeconds: 60 }, now: () => now });
    for (let i = 1; i <= 5; i++) {
      const ok = await get(sandbox, "/zones");
      expect(ok.status).toBe(200);
      // t counts down to when the oldest call of the window expires (one second passes per call).
      expect(ok.headers.get("ratelimit")).toBe(`"default";r=${5 - i};t=${61 - i}`);
      expect(ok.headers.get("ratelimit-policy")).toBe(`"default";q=5;w=60`);
      expect(ok.headers.get("retry-after")).toBeNull();
      now += 1000;
    }
    const limited = await get(sandbox, "/zones");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("60");
    expect(JSON.parse(limited.text)).toEqual({
      result: null,
      success: false,
      errors: [{ code: 971, message: "Please wait and consider throttling your request speed" }],
      messages: [],
    });
    now += 30_500;
    const later = await get(sandbox, "/zones");
    expect(later.status).toBe(429);
    expect(later.headers.get("retry-after")).toBe("30");
    // Another credential has its own budget.
    expect((await get(sandbox, "/zones", { "X-Auth-Email": email, "X-Auth-Key": key })).status).toBe(200);
    now += 29_500;
    expect((await get(sandbox, "/zones")).status).toBe(200);
  });

  it("is off with rateLimit null, and reset clears a block", async () => {
    let now = 0;
    const open = await start({ rateLimit: null });
    for (let i = 0; i < 20; i++) expect((await get(open, "/zones")).status).toBe(200);
    expect((await get(open, "/zones")).headers.get("ratelimit")).toBeNull();
    const limited = await start({ rateLimit: { requests: 1, windowSeconds: 300 }, now: () => now });
    expect((await get(limited, "/zones")).status).toBe(200);
    expect((await get(limited, "/zones")).status).toBe(429);
    now += 1000;
    expect((await control(limited, "/reset", "POST")).status).toBe(200);
    expect((await get(limited, "/zones")).status).toBe(200);
  });
});

describe("faults", () => {
  it("answers a burst of 429s with the configured Retry-After, then resumes", async () => {
    const sandbox = await start();
    const set = await control(sandbox, "/faults", "POST", JSON.stringify({ burst429: 2, retryAfterSeconds: 3 }));
    expect(set.body.faults).toMatchObject({ burst429: 2, retryAfterSeconds: 3 });
    for (let i = 0; i < 2; i++) {
      const answer = await get(sandbox, "/zones");
      expect(answer.status).toBe(429);
      expect(answer.headers.get("retry-after")).toBe("3");
      expect(errorCode(answer.text)).toBe(971);
    }
    expect((await get(sandbox, "/zones")).status).toBe(200);
    expect((await control(sandbox, "/faults")).body.faults).toMatchObject({ burst429: 0 });
  });

  it("injects 500 envelopes and truncated bodies", async () => {
    const sandbox = await start({ faults: { errorRate: 1 } });
    const failed = await get(sandbox, "/zones");
    expect(failed.status).toBe(500);
    expect(JSON.parse(failed.text)).toMatchObject({
      success: false,
      result: null,
      errors: [{ code: 10001, message: "sandbox injected fault" }],
    });
    await control(sandbox, "/faults", "POST", JSON.stringify({ errorRate: 0, malformedRate: 1 }));
    const broken = await get(sandbox, "/zones");
    expect(broken.status).toBe(200);
    expect(broken.headers.get("content-type")).toBe("application/json");
    expect(() => JSON.parse(broken.text)).toThrow();
    await control(sandbox, "/faults", "POST", JSON.stringify({ malformedRate: 0 }));
    expect(JSON.parse((await get(sandbox, "/zones")).text)).toMatchObject({ success: true });
  });

  it("adds latency before every API answer", async () => {
    const sandbox = await start({ faults: { latencyMs: 150 } });
    const started = performance.now();
    await get(sandbox, "/zones");
    // Timers may fire a little early on a busy machine; never assert an upper bound.
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it("validates fault updates and names the field", async () => {
    const sandbox = await start();
    const cases: [string, string][] = [
      [JSON.stringify({ errorRate: 2 }), "errorRate"],
      [JSON.stringify({ latencyMs: -1 }), "latencyMs"],
      [JSON.stringify({ burst429: 1.5 }), "burst429"],
      [JSON.stringify({ malformedRate: "all" }), "malformedRate"],
      [JSON.stringify({ surprise: 1 }), "surprise"],
      ["{not json", "body"],
      ["[1,2]", "body"],
    ];
    for (const [body, field] of cases) {
      const answer = await control(sandbox, "/faults", "POST", body);
      expect(answer.status, body).toBe(400);
      expect(String(answer.body.error), body).toContain(field);
    }
    expect((await control(sandbox, "/faults")).body.faults).toEqual(DEFAULT_FAULTS);
    await expect(startSandbox({ apiToken: token, faults: { errorRate: 3 } })).rejects.toThrow(/errorRate/);
  });

  it("draws faults from the seed: the same seed fails the same calls", async () => {
    const pattern = async () => {
      const sandbox = await start({ seed: 7, faults: { errorRate: 0.5 } });
      const statuses: number[] = [];
      for (let i = 0; i < 16; i++) statuses.push((await get(sandbox, "/zones")).status);
      return statuses;
    };
    const first = await pattern();
    expect(first).toContain(500);
    expect(first).toContain(200);
    expect(await pattern()).toEqual(first);
  });
});

describe("call log", () => {
  it("records method, path, query, status and timing of API calls only", async () => {
    const sandbox = await start();
    await get(sandbox, "/zones?per_page=5&name=contains:shop");
    await get(sandbox, "/zones/nope");
    await control(sandbox, "/health");
    const { body } = await control(sandbox, "/calls");
    const calls = body.calls as CallRecord[];
    expect(calls).toHaveLength(2);
    expect(calls[0]).toMatchObject({
      method: "GET",
      path: "/client/v4/zones",
      query: { per_page: "5", name: "contains:shop" },
      status: 200,
      inFlight: 1,
    });
    expect(calls[1]).toMatchObject({ path: "/client/v4/zones/nope", query: {}, status: 400 });
    for (const call of calls) {
      expect(call.endedAt).toBeGreaterThanOrEqual(call.startedAt);
      expect(call.durationMs).toBeGreaterThanOrEqual(0);
    }
    expect((await control(sandbox, "/calls", "DELETE")).status).toBe(200);
    expect((await control(sandbox, "/calls")).body).toEqual({ calls: [], maxInFlight: 0 });
  });

  it("counts overlapping calls: 10 concurrent slow calls overlap", async () => {
    const sandbox = await start({ faults: { latencyMs: 100 } });
    const statuses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => get(sandbox, `/zones?page=${i + 1}&per_page=5`).then((a) => a.status)),
    );
    expect(statuses.every((s) => s === 200)).toBe(true);
    const { body } = await control(sandbox, "/calls");
    expect(body.maxInFlight as number).toBeGreaterThan(1);
    expect(Math.max(...(body.calls as CallRecord[]).map((c) => c.inFlight))).toBe(body.maxInFlight);
  });
});

describe("reset", () => {
  it("restores data, faults and the call log to the start options", async () => {
    const sandbox = await start({ faults: { latencyMs: 5 } });
    const before = JSON.stringify(sandbox.state);
    await control(sandbox, "/faults", "POST", JSON.stringify({ errorRate: 1, latencyMs: 0 }));
    await get(sandbox, "/zones");
    expect((await control(sandbox, "/reset", "POST")).body).toEqual({ ok: true });
    expect((await control(sandbox, "/faults")).body.faults).toMatchObject({ errorRate: 0, latencyMs: 5 });
    expect((await control(sandbox, "/calls")).body.calls).toEqual([]);
    expect(JSON.stringify(sandbox.state)).toBe(before);
    expect((await get(sandbox, "/zones")).status).toBe(200);
  });

  it("answers unknown control endpoints and methods without crashing", async () => {
    const sandbox = await start();
    expect((await control(sandbox, "/nothing")).status).toBe(404);
    expect((await control(sandbox, "/reset", "GET")).status).toBe(405);
    expect((await control(sandbox, "/health")).body).toEqual({ ok: true });
  });
});
