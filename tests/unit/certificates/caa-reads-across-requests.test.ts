import { describe, expect, it } from "vitest";
import { cachedCaaRecords } from "@/lib/certificates/inventory";
import type { CaaRecord } from "@/lib/certificates/caa";
import { PlatformClient } from "@/lib/platform/client";
import { RateLimiter } from "@/lib/platform/rate-limiter";
import { Scheduler } from "@/lib/platform/scheduler";

const ZONE = "0123456789abcdef0123456789abcdef";
const EMPTY_PAGE = {
  success: true,
  errors: [],
  messages: [],
  result: [],
  result_info: { page: 1, per_page: 100, count: 0, total_count: 0, total_pages: 1 },
};

/** A client of one server request whose calls answer when `answer` says (or never). */
function requestClient(requestId: string, answer: () => Promise<Response>) {
  let calls = 0;
  const scheduler = new Scheduler({
    limiter: new RateLimiter({ requests: 1000, windowSeconds: 60 }),
    subrequestBudget: 50,
    timeoutMs: 60_000,
    requestId,
    fetch: async () => {
      calls++;
      return answer();
    },
  });
  const client = new PlatformClient("https://api.example.test/client/v4", { kind: "token", token: "t".repeat(40) }, scheduler);
  return { client, calls: () => calls };
}

describe("cachedCaaRecords across server requests", () => {
  it("does not wait on a read another request left unfinished (on the edge it never settles)", async () => {
    const cache = new Map<string, Promise<CaaRecord[]>>();
    const ended = requestClient("request-1", () => new Promise<Response>(() => undefined)); // its request answered: I/O cancelled
    void cachedCaaRecords(ended.client, ZONE, cache);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(ended.calls()).toBe(1);
    const next = requestClient("request-2", async () => Response.json(EMPTY_PAGE));
    await expect(cachedCaaRecords(next.client, ZONE, cache)).resolves.toEqual([]);
    expect(next.calls()).toBe(1);
  });

  it("still reads a zone's CAA records once within a request, and reuses a finished read in the next", async () => {
    const cache = new Map<string, Promise<CaaRecord[]>>();
    const first = requestClient("request-1", async () => Response.json(EMPTY_PAGE));
    await Promise.all([cachedCaaRecords(first.client, ZONE, cache), cachedCaaRecords(first.client, ZONE, cache)]);
    expect(first.calls()).toBe(1);
    const second = requestClient("request-2", async () => Response.json(EMPTY_PAGE));
    await cachedCaaRecords(second.client, ZONE, cache);
    expect(second.calls()).toBe(0);
  });
});
