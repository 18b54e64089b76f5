import { describe, expect, it } from "vitest";
import { backoffDelay, DEFAULT_RETRY_POLICY, inOutage, isRetryableStatus, parseRetryAfter } from "@/lib/platform/retry-policy";

describe("retry policy", () => {
  it("reads Retry-After in seconds and as an HTTP date", () => {
    const now = Date.parse("2026-11-22T10:00:00Z");
    expect(parseRetryAfter("7", now)).toBe(7_000);
    expect(parseRetryAfter("Sun, 22 Nov 2026 10:00:30 GMT", now)).toBe(30_000);
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter("soon", now)).toBeUndefined();
  });

  it("grows the backoff exponentially, keeps it within [half, whole] of the step and caps it", () => {
    const policy = { ...DEFAULT_RETRY_POLICY, baseDelayMs: 100, maxDelayMs: 1_000 };
    expect(backoffDelay(policy, 1, () => 0)).toBe(50);
    expect(backoffDelay(policy, 1, () => 1)).toBe(100);
    expect(backoffDelay(policy, 3, () => 1)).toBe(400);
    expect(backoffDelay(policy, 10, () => 1)).toBe(1_000);
    expect(backoffDelay(policy, 10, () => 0)).toBe(500);
  });

  it("retries 5xx and 408, not other client errors", () => {
    expect([500, 502, 503, 504, 408].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 404, 409, 429].some(isRetryableStatus)).toBe(false);
  });

  it("takes an upstream to be down after 12 failed attempts in a row, or the policy's own count", () => {
    expect(inOutage(DEFAULT_RETRY_POLICY, 11)).toBe(false);
    expect(inOutage(DEFAULT_RETRY_POLICY, 12)).toBe(true);
    expect(inOutage({ ...DEFAULT_RETRY_POLICY, outageAfterFailures: 3 }, 3)).toBe(true);
    expect(inOutage({ ...DEFAULT_RETRY_POLICY, outageAfterFailures: 3 }, 2)).toBe(false);
  });
});
