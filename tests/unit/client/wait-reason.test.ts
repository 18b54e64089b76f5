import { describe, expect, it } from "vitest";
import { waitReason } from "@/lib/client/wait-reason";

const resumeAt = new Date("2026-11-23T09:41:12Z");

describe("waitReason", () => {
  it("names the limit, who used it in its window, and when the page resumes", () => {
    const text = waitReason(
      "the certificate audit",
      resumeAt,
      {
        limit: "account",
        requests: 1200,
        windowSeconds: 300,
        available: 0,
        pausedUntil: null,
        consumers: [
          { consumer: "Zones scan", calls: 1180 },
          { consumer: "Certificate audit", calls: 20 },
        ],
      },
      "UTC",
    );
    expect(text).toBe(
      "The account rate limit (1,200 calls per 300 s) is used up: Zones scan 1,180 calls, Certificate audit 20 calls in the last 300 s. " +
        "Pages scanning at once share it equally. The certificate audit resumes at 09:41:12.",
    );
  });

  it("says the page has had its share when tokens are left but held for another page", () => {
    const text = waitReason(
      "the zones scan",
      resumeAt,
      {
        limit: "account",
        requests: 1200,
        windowSeconds: 300,
        available: 580,
        pausedUntil: null,
        consumers: [
          { consumer: "Zones scan", calls: 600 },
          { consumer: "Certificate audit", calls: 20 },
        ],
      },
      "UTC",
    );
    expect(text).toBe(
      "The account rate limit (1,200 calls per 300 s) is shared by the pages scanning at once, and this one has had its share: " +
        "Zones scan 600 calls, Certificate audit 20 calls in the last 300 s. The zones scan resumes at 09:41:12.",
    );
  });

  it("says when the platform itself paused every call after a 429", () => {
    const text = waitReason(
      "the scan",
      resumeAt,
      {
        limit: "account",
        requests: 1200,
        windowSeconds: 300,
        available: 1200,
        pausedUntil: resumeAt.toISOString(),
        consumers: [],
      },
      "UTC",
    );
    expect(text).toBe(
      "The account rate limit (1,200 calls per 300 s) was exceeded and the platform answered 429: every call waits; the scan resumes at 09:41:12.",
    );
  });

  it("still says which limit and until when before the server has said who uses it", () => {
    expect(waitReason("the scan", resumeAt, undefined, "UTC")).toBe("The account rate limit is used up; the scan resumes at 09:41:12.");
  });

  it("says the shared limit's object cannot be reached, so every call waits (never a silent per-isolate count)", () => {
    const text = waitReason(
      "the zones scan",
      resumeAt,
      {
        limit: "account",
        requests: 1200,
        windowSeconds: 300,
        available: 1200,
        pausedUntil: null,
        consumers: [],
        keeping: "shared",
        unreachable: true,
      },
      "UTC",
    );
    expect(text).toBe(
      "The account rate limit (1,200 calls per 300 s) is kept for every isolate by its Durable Object, which cannot be reached: " +
        "every call waits; the zones scan resumes at 09:41:12.",
    );
  });
});
