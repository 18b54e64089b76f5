// The Node timer calls the same operation as the cron, with the cron header, one step after another
// while a run is under way, and only a minute later when there is nothing to do.
import { afterEach, describe, expect, it, vi } from "vitest";
import { startRefreshTimer } from "@/lib/snapshots/node-timer";

afterEach(() => vi.useRealTimers());

describe("startRefreshTimer", () => {
  it("posts steps with the cron header, quickly while working, slowly when idle, and stops", async () => {
    vi.useFakeTimers();
    const calls: Array<{ url: string; header: string | null }> = [];
    const results = ["worked", "worked", "published", "idle"];
    const fakeFetch = (async (url: string, init?: RequestInit) => {
      calls.push({ url, header: new Headers(init?.headers).get("x-preflight-cron") });
      return Response.json({ result: results[calls.length - 1] ?? "idle" });
    }) as unknown as typeof fetch;
    const stop = startRefreshTimer({ origin: "http://127.0.0.1:3000", cronSecret: "secret-secret-secret" }, fakeFetch);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(calls).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls).toHaveLength(3); // published: the next look is a minute later
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls).toHaveLength(4);
    expect(calls.every((c) => c.url === "http://127.0.0.1:3000/api/snapshots/refresh" && c.header === "secret-secret-secret")).toBe(true);
    stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(calls).toHaveLength(4);
  });
});
