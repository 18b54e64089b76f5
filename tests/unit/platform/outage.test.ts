// The outage rule of the scheduler (lib/platform/retry-policy.ts inOutage): 12 failed attempts in a row to one
// upstream stop its retries; the count is per origin and service, and any answer but a 5xx or 408 ends it.
import { describe, expect, it } from "vitest";
import { RateLimiter } from "@/lib/platform/rate-limiter";
import { Scheduler, type UpstreamRequest } from "@/lib/platform/scheduler";

/** A scheduler whose fetch answers each URL with the next status of its list (the last one again when it runs out). */
function scheduler(answers: Record<string, number[]>) {
  const sent: string[] = [];
  const fetch = (async (url: string) => {
    sent.push(url);
    const list = answers[url]!;
    return new Response("{}", { status: list.length > 1 ? list.shift()! : list[0]! });
  }) as unknown as typeof globalThis.fetch;
  const made = new Scheduler({
    limiter: new RateLimiter({ requests: 10_000, windowSeconds: 60 }),
    subrequestBudget: 1_000,
    timeoutMs: 5_000,
    maxInFlight: 1,
    retry: { maxAttempts: 4, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 1_000 },
    fetch,
  });
  return { made, sent };
}

const get = (url: string, service?: string): UpstreamRequest => ({
  method: "GET",
  url,
  operation: "GET /x",
  headers: {},
  idempotent: true,
  service,
});
const A = "https://api.example/client/v4/zones";
const B = "https://gateway.example/v1";
const sentTo = (sent: string[], url: string) => sent.filter((u) => u === url).length;

describe("the outage rule", () => {
  it("tries each call once after 12 failed attempts in a row, and counts each origin and service apart", async () => {
    const { made, sent } = scheduler({ [A]: [500], [B]: [503] });
    for (let i = 0; i < 3; i++) expect((await made.send(get(A))).status).toBe(500); // 4 attempts each: 12
    expect((await made.send(get(A))).status).toBe(500);
    expect(sentTo(sent, A)).toBe(13);
    await made.send(get(B));
    expect(sentTo(sent, B)).toBe(4); // another origin keeps its retries
    await made.send(get(A, "graphql"));
    expect(sentTo(sent, A)).toBe(17); // and so does another service of the same origin
  });

  it("ends at an answer other than a 5xx or 408: after a 429 or a 404 a failing call has its retries again", async () => {
    for (const answer of [429, 404]) {
      const { made, sent } = scheduler({ [A]: [...Array<number>(12).fill(500), answer, 500] });
      for (let i = 0; i < 3; i++) await made.send(get(A)); // 12 failed attempts
      await made.send(get(A)); // the answer (a 429 is retried: then 500s, 3 in a row)
      const before = sent.length;
      expect((await made.send(get(A))).status).toBe(500);
      expect(sent.length - before, `after a ${answer}`).toBe(4);
    }
  });
});
