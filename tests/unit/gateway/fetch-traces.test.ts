// Windowing and paging against a simulated gateway that enforces the real limits (800 blocks, count
// 200) and counts what is in flight: the merged result must equal one unlimited read of the chain.
import { describe, expect, it } from "vitest";
import { FINALIZED_MAX_AGE_MS, WindowCache } from "@/lib/gateway/cache";
import { fetchTraces, type TraceFilterCall } from "@/lib/gateway/fetch-traces";
import type { Trace } from "@/lib/gateway/trace";
import { splitWindows } from "@/lib/gateway/windows";
import { BudgetExhaustedError } from "@/lib/errors/platform-errors";

/** A chain with `perBlock(n)` traces in block n. */
function chain(blocks: number, perBlock: (block: number) => number): Trace[] {
  const traces: Trace[] = [];
  for (let block = 0; block < blocks; block++) {
    for (let i = 0; i < perBlock(block); i++) {
      traces.push({
        action: { from: "0x01", to: "0x02" },
        blockNumber: block,
        subtraces: 0,
        traceAddress: i ? [i - 1] : [],
        transactionHash: `0x${block.toString(16)}`,
        transactionPosition: 0,
        type: "call",
      });
    }
  }
  return traces;
}

/** A gateway with the real limits; `capped`: a call without count also stops at 200 (the strict reading). */
function gateway(traces: Trace[], options: { budget?: number; capped?: boolean } = {}) {
  const capped = options.capped ?? true;
  const calls: TraceFilterCall[] = [];
  let inFlight = 0;
  let peak = 0;
  const source = async (filter: TraceFilterCall) => {
    if (options.budget !== undefined && calls.length >= options.budget) throw new BudgetExhaustedError(options.budget);
    if (filter.toBlock - filter.fromBlock + 1 > 800) throw new Error("range over 800 blocks");
    if ((filter.count ?? 0) > 200) throw new Error("count over 200");
    calls.push(filter);
    peak = Math.max(peak, ++inFlight);
    await new Promise((resolve) => setTimeout(resolve, 1 + (filter.fromBlock % 7)));
    inFlight--;
    const inRange = traces.filter((t) => t.blockNumber >= filter.fromBlock && t.blockNumber <= filter.toBlock);
    const after = filter.after ?? 0;
    const count = filter.count ?? (capped ? 200 : undefined);
    return inRange.slice(after, count === undefined ? undefined : after + count);
  };
  return { source, calls, peak: () => peak };
}

describe("splitWindows", () => {
  it("covers the range in consecutive windows of at most 800 blocks", () => {
    expect(splitWindows(0, 799)).toEqual([{ fromBlock: 0, toBlock: 799 }]);
    expect(splitWindows(13416771, 13417570)).toHaveLength(1); // the gateway's own example: 800 blocks inclusive
    expect(splitWindows(0, 2400)).toEqual([
      { fromBlock: 0, toBlock: 799 },
      { fromBlock: 800, toBlock: 1599 },
      { fromBlock: 1600, toBlock: 2399 },
      { fromBlock: 2400, toBlock: 2400 },
    ]);
    expect(splitWindows(5, 5)).toEqual([{ fromBlock: 5, toBlock: 5 }]);
  });
});

describe("fetchTraces", () => {
  const traces = chain(20_000, (block) => (block % 97 === 0 ? 3 : block % 1000 === 500 ? 450 : 0));

  it("reads a wide range in windows with at most 6 in flight, pages full windows, and merges in order", async () => {
    const g = gateway(traces);
    const progress: number[] = [];
    const result = await fetchTraces(g.source, { fromBlock: 0, toBlock: 19_999 }, { onProgress: (done) => progress.push(done) });
    expect(result).toMatchObject({ windows: 25, complete: true, fromBlock: 0, toBlock: 19_999 });
    expect(result.traces).toEqual(traces);
    expect(g.peak()).toBeLessThanOrEqual(6);
    expect(g.peak()).toBeGreaterThan(1);
    expect(progress).toEqual(Array.from({ length: 26 }, (_, i) => i));
    // A full window: the first page stops in block 500 (450 traces), that block alone is paged, the rest read once.
    const window0 = g.calls.filter((c) => c.toBlock < 800).map((c) => `${c.fromBlock}-${c.toBlock}@${c.after}`);
    expect(window0.sort()).toEqual(["0-799@undefined", "500-500@200", "500-500@400", "500-799@undefined", "501-799@undefined"]);
    expect(g.calls.every((c) => c.count === undefined || c.count === 200)).toBe(true);
  });

  it("splits a dense window into sub-ranges read at once, never over 6 calls, equal to one unlimited read", async () => {
    const dense = chain(3_000, (block) => (block >= 1_000 && block < 1_800 ? 3 + (block % 5) : block % 50 === 0 ? 1 : 0));
    const g = gateway(dense);
    const result = await fetchTraces(g.source, { fromBlock: 0, toBlock: 2_999 });
    expect(result.traces).toEqual(dense);
    expect(g.peak()).toBeLessThanOrEqual(6);
    expect(g.peak()).toBeGreaterThan(3);
    const inDense = g.calls.filter((c) => c.fromBlock >= 800 && c.toBlock < 1_600);
    expect(inDense.every((c) => (c.after ?? 0) === 0)).toBe(true); // split by blocks, not paged
  });

  it("reads each window in one call when the gateway answers a call without count in full", async () => {
    const g = gateway(traces, { capped: false });
    const result = await fetchTraces(g.source, { fromBlock: 0, toBlock: 19_999 });
    expect(result.traces).toEqual(traces);
    expect(g.calls).toHaveLength(25);
  });

  it("applies after and count to the merged result, as if the gateway had no limits", async () => {
    for (const [after, count] of [
      [0, 200],
      [440, 50],
      [1000, 7],
      [2940, 200],
    ] as const) {
      const result = await fetchTraces(gateway(traces).source, { fromBlock: 0, toBlock: 19_999, after, count });
      expect(result.traces).toEqual(traces.slice(after, after + count));
      expect(result.complete).toBe(true);
    }
  });

  it("stops reading windows once the asked-for traces are all in", async () => {
    const g = gateway(traces);
    await fetchTraces(g.source, { fromBlock: 0, toBlock: 19_999, count: 10 });
    expect(new Set(g.calls.map((c) => Math.floor(c.fromBlock / 800))).size).toBeLessThan(25);
  });

  it("passes after/count through when one window answers the query", async () => {
    const g = gateway(traces);
    const result = await fetchTraces(g.source, { fromBlock: 400, toBlock: 600, after: 3, count: 5 });
    expect(g.calls).toEqual([{ fromBlock: 400, toBlock: 600, after: 3, count: 5, fromAddress: undefined, toAddress: undefined }]);
    expect(result.traces).toEqual(traces.filter((t) => t.blockNumber >= 400 && t.blockNumber <= 600).slice(3, 8));
  });

  it("when the subrequest budget runs out, returns the windows read in full and where to continue", async () => {
    const g = gateway(traces, { budget: 50 }); // about 10 of the 25 windows (5 calls for a window with a 450-trace block)
    const result = await fetchTraces(g.source, { fromBlock: 0, toBlock: 19_999 });
    expect(result.complete).toBe(false);
    expect(result.nextFromBlock).toBeGreaterThan(0);
    expect(result.nextFromBlock! % 800).toBe(0);
    expect(result.traces).toEqual(traces.filter((t) => t.blockNumber < result.nextFromBlock!));
  });

  it("caches finalized windows only, and serves them without a call", async () => {
    const cache = new WindowCache<Trace>();
    const first = gateway(traces);
    await fetchTraces(first.source, { fromBlock: 0, toBlock: 2399 }, { cache, finalizedBlock: 1700 });
    expect(cache.size).toBe(2); // 0-799 and 800-1599; 1600-2399 may still change
    const second = gateway(traces);
    const result = await fetchTraces(second.source, { fromBlock: 0, toBlock: 2399 }, { cache, finalizedBlock: 1700 });
    expect(result.cachedWindows).toBe(2);
    expect(second.calls.every((c) => c.fromBlock === 1600)).toBe(true);
    expect(result.traces).toEqual(traces.filter((t) => t.blockNumber <= 2399));
  });

  it("asks the node for its finalized block once per FINALIZED_MAX_AGE_MS, and again after a failed ask", async () => {
    const cache = new WindowCache<Trace>();
    let asks = 0;
    const ask = async () => ++asks * 1000;
    const now = 5_000_000;
    expect(await cache.finalizedBlock(ask, now)).toBe(1000);
    expect(await cache.finalizedBlock(ask, now + FINALIZED_MAX_AGE_MS - 1)).toBe(1000);
    expect(asks).toBe(1);
    expect(await cache.finalizedBlock(ask, now + FINALIZED_MAX_AGE_MS)).toBe(2000);
    // A failed ask keeps nothing final, and is not remembered: the next query asks again.
    const later = now + 3 * FINALIZED_MAX_AGE_MS;
    expect(await cache.finalizedBlock(() => Promise.reject(new Error("node down")), later)).toBeUndefined();
    expect(await cache.finalizedBlock(ask, later + 1)).toBe(3000);
  });

  it("a failing window fails the query (no partial answer passed off as whole)", async () => {
    const failing = async (filter: TraceFilterCall) => {
      if (filter.fromBlock === 1600) throw new Error("node down");
      return [];
    };
    await expect(fetchTraces(failing, { fromBlock: 0, toBlock: 9999 })).rejects.toThrow("node down");
  });
});
