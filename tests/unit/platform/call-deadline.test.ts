// An upstream call's time limit ends with the call: a pending limit kept each call's fetch state reachable
// for its whole 2 s, so a scan's garbage survived scavenges (figure 6's peak RSS in `npm run bench`).
import { describe, expect, it } from "vitest";
import { callDeadline } from "@/lib/platform/call-deadline";
import { RateLimiter } from "@/lib/platform/rate-limiter";
import { Scheduler } from "@/lib/platform/scheduler";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function schedulerCapturing(signals: AbortSignal[], fetchImpl?: typeof fetch, outer?: AbortSignal) {
  return new Scheduler({
    limiter: new RateLimiter({ requests: 1000, windowSeconds: 60 }),
    subrequestBudget: 10,
    timeoutMs: 30,
    ...(outer ? { signal: outer } : {}),
    fetch:
      fetchImpl ??
      (async (_url, init) => {
        signals.push(init!.signal!);
        return new Response("{}", { status: 200 });
      }),
  });
}

const request = { method: "GET", url: "https://api.example/zones", operation: "GET /zones", headers: {}, idempotent: true } as const;

describe("an upstream call's deadline", () => {
  it("is cleared when the call has answered: its signal never fires afterwards", async () => {
    const signals: AbortSignal[] = [];
    const outer = new AbortController();
    await schedulerCapturing(signals, undefined, outer.signal).send(request);
    await sleep(80);
    expect(signals).toHaveLength(1);
    expect(signals[0]!.aborted).toBe(false);
    // Nor does the request's own abort reach a call that has ended.
    outer.abort();
    expect(signals[0]!.aborted).toBe(false);
  });

  it("still times out a call that does not answer, as a timeout", async () => {
    const hanging: typeof fetch = (_url, init) =>
      new Promise((_resolve, reject) => init!.signal!.addEventListener("abort", () => reject(init!.signal!.reason)));
    const outcome = await schedulerCapturing([], hanging)
      .send({ ...request, idempotent: false })
      .catch((error: unknown) => error);
    expect(outcome).toMatchObject({ kind: "timeout" });
  });

  it("passes the request's abort on while the call runs", () => {
    const outer = new AbortController();
    const deadline = callDeadline(outer.signal, 1000);
    outer.abort(new Error("browser went away"));
    expect(deadline.signal.aborted).toBe(true);
    expect(deadline.timedOut()).toBe(false);
    deadline.clear();
  });
});
