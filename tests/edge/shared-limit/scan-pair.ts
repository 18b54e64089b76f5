// Both isolates scan the account at once, as two dashboards would (the bench's full scan: zones, then
// certificates, following cursors and waiting out `retryAfterSeconds`). The sandbox's call log then says
// how many calls reached the platform in its busiest window and how many were refused with 429.
import { clearCalls, readCalls } from "@/tests/bench/lib/call-log";
import { preflightScan } from "@/tests/bench/scan/preflight-scan";
import { startPair, type IsolatePorts } from "./isolates";
import { busiestWindow, tooMany } from "./windows";

export interface PairScan {
  shared: boolean;
  calls: number;
  wallMs: number;
  /** wall ÷ (calls ÷ rate): 1 means the limit was spent as fast as the platform allows. */
  ratio: number;
  busiest: number;
  tooMany: number;
  /** With `stopAtFirst429`: the scans were abandoned at the first 429. */
  stopped: boolean;
  /** What the second isolate's Settings page says keeps the account's limit ("shared", "per isolate"). */
  keeping: string;
}

export async function scanWithTwoIsolates(options: {
  ports: IsolatePorts;
  token: string;
  zones: number;
  limit: { requests: number; windowSeconds: number };
  shared: boolean;
  stopAtFirst429?: boolean;
}): Promise<PairScan> {
  const pair = await startPair(options);
  try {
    await clearCalls(pair.sandboxUrl);
    const started = performance.now();
    const scans = Promise.all(pair.workerUrls.map((url) => preflightScan(url)));
    let stopped = false;
    if (options.stopAtFirst429) {
      // Watch the log: the first 429 is enough to show the isolates overran the limit.
      const first429 = (async () => {
        for (;;) {
          await new Promise((resolve) => setTimeout(resolve, 500));
          if (tooMany((await readCalls(pair.sandboxUrl)).calls) > 0) return "429" as const;
        }
      })();
      stopped = (await Promise.race([scans.then(() => "done" as const), first429])) === "429";
      void scans.catch(() => undefined); // abandoned: stopping the workers ends it
    } else {
      await scans;
    }
    const wallMs = performance.now() - started;
    const { calls } = await readCalls(pair.sandboxUrl);
    const settings = await (await fetch(`${pair.workerUrls[1]}/settings`)).text();
    const rate = options.limit.requests / options.limit.windowSeconds;
    return {
      shared: options.shared,
      calls: calls.length,
      wallMs,
      ratio: wallMs / ((calls.length * 1000) / rate),
      busiest: busiestWindow(calls, options.limit.windowSeconds * 1000),
      tooMany: tooMany(calls),
      stopped,
      keeping: /calls per \d+ s, (shared|per isolate|per process)/.exec(settings)?.[1] ?? "not shown",
    };
  } finally {
    await pair.stop();
  }
}

export function describePairScan(scan: PairScan, limit: { requests: number; windowSeconds: number }): string {
  return (
    `sharing ${scan.shared ? "on" : "off"}: ${scan.calls} calls (${(scan.calls / limit.requests).toFixed(1)} windows) in ` +
    `${(scan.wallMs / 1000).toFixed(1)} s, wall ÷ (calls ÷ rate) ${scan.ratio.toFixed(2)}, busiest ${limit.windowSeconds} s ` +
    `${scan.busiest}/${limit.requests}, ${scan.tooMany} × 429${scan.stopped ? " (stopped at the first)" : ""}; Settings: ${scan.keeping}`
  );
}
