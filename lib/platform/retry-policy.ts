// When and how long to wait before retrying an upstream call: pure, so the rules are tested directly.

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this is reported instead of waited out. */
  maxRetryAfterMs: number;
  /**
   * Failed attempts in a row (5xx, 408, no answer) to one upstream, counted by a server request's schedulers for one
   * account, after which it is taken to be down: its calls are then tried once each, not retried, until one of them
   * gets another answer (a 2xx, 4xx or 429). Absent: 12.
   */
  outageAfterFailures?: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 200,
  maxDelayMs: 5_000,
  maxRetryAfterMs: 120_000,
};

/**
 * Three calls' worth of attempts. With 6 calls in flight an outage is seen after the second round of attempts (about
 * 0.3 s), while at a 20 % error rate 12 failures in a row come once in about 2·10⁸ attempts, so transient faults keep
 * their retries. Without it, a whole-account read under an outage waited out every call's backoff (25 s for 240
 * zones) and spent four times the calls of the account's rate limit on a platform that answered none of them.
 */
const OUTAGE_AFTER_FAILURES = 12;

/** Whether `failuresInARow` failed attempts to one upstream mean it is down, so a failed call is not retried. */
export function inOutage(policy: RetryPolicy, failuresInARow: number): boolean {
  return failuresInARow >= (policy.outageAfterFailures ?? OUTAGE_AFTER_FAILURES);
}

/** Exponential backoff with "equal jitter": at least half the step, so retries neither stampede nor stall. */
export function backoffDelay(policy: RetryPolicy, attempt: number, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** Retry-After in seconds (the platform's form) or as an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** 5xx and 408 are worth another try; other 4xx say the request itself is wrong. */
export function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 408;
}
