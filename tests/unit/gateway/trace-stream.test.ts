// Sending a traces answer while it is read: which reads stream (one call's answer that is the whole
// result: more than a full page, one window, no count), and that the pieces sent add up to the same
// bytes as the answer written whole; an answer that began again or turned out different is never completed.
import { describe, expect, it } from "vitest";
import { fetchTraces, type TraceFilterCall, type TracesSoFar } from "@/lib/gateway/fetch-traces";
import { traceResultJson } from "@/lib/gateway/trace-answer";
import type { TraceRecord } from "@/lib/gateway/trace-record";
import { TraceAnswerWriter, TraceStreamError } from "@/lib/gateway/trace-stream";
import { bytes, realRecords, text } from "./real-records";

const real = realRecords();
/** `n` records in block order, the real ones over and over. */
function recordsOf(n: number): TraceRecord[] {
  return Array.from({ length: n }, (_, i) => ({ blockNumber: Math.floor(i / 10), json: bytes(JSON.stringify(real[i % real.length])) }));
}

/** A gateway answering every call with `records` (of the range; `cap`: at most that many without count), told in steps of `step`. */
function source(records: TraceRecord[], options: { step?: number; cap?: number } = {}) {
  const calls: TraceFilterCall[] = [];
  const call = async (filter: TraceFilterCall, onRecords?: (records: readonly TraceRecord[], checked: number) => void) => {
    calls.push(filter);
    const inRange = records.filter((r) => r.blockNumber >= filter.fromBlock && r.blockNumber <= filter.toBlock);
    const after = filter.after ?? 0;
    const answer = inRange.slice(after, after + (filter.count ?? options.cap ?? Infinity));
    const growing: TraceRecord[] = [];
    for (const record of answer) {
      growing.push(record);
      if (growing.length % (options.step ?? 50) === 0) onRecords?.(growing, growing.length);
    }
    onRecords?.(growing, growing.length);
    return growing;
  };
  return { call, calls };
}

describe("which reads are sent while they arrive", () => {
  it("one window read whole: once more than a full page is in, from `after` on", async () => {
    const told: Array<Omit<TracesSoFar<TraceRecord>, "records">> = [];
    const { call } = source(recordsOf(500), { step: 100 });
    const result = await fetchTraces(
      call,
      { fromBlock: 0, toBlock: 799, after: 7 },
      { onTraces: ({ records: _, ...rest }) => told.push(rest) },
    );
    const head = { windows: 1, fromBlock: 0, toBlock: 799, cachedWindows: 0 };
    expect(told).toEqual([300, 400, 500, 500].map((to) => ({ head, from: 7, to })));
    expect(result.traces).toHaveLength(493);
  });

  it("never a page of exactly 200 (it may be cut off), several windows, or a count", async () => {
    const told: unknown[] = [];
    const onTraces = (soFar: unknown) => told.push(soFar);
    const capped = source(recordsOf(500), { cap: 200 });
    const whole = await fetchTraces(capped.call, { fromBlock: 0, toBlock: 799 }, { onTraces });
    expect(whole.traces).toHaveLength(500); // read again split by blocks
    expect(capped.calls.length).toBeGreaterThan(1);
    await fetchTraces(source(recordsOf(500)).call, { fromBlock: 0, toBlock: 1599 }, { onTraces });
    await fetchTraces(source(recordsOf(500)).call, { fromBlock: 0, toBlock: 799, count: 150 }, { onTraces });
    expect(told).toEqual([]);
  });
});

describe("TraceAnswerWriter", () => {
  const head = { windows: 1, fromBlock: 3, toBlock: 802, cachedWindows: 0 };
  const records = recordsOf(260);
  const written = (prefix = "", suffix = "") => {
    const chunks: Uint8Array[] = [];
    const failed: string[] = [];
    const writer = new TraceAnswerWriter({ write: (chunk) => chunks.push(chunk), fail: (reason) => failed.push(reason) }, prefix, suffix);
    return { writer, chunks, failed, all: () => chunks.map(text).join("") };
  };

  it("sends the same bytes as the answer written whole, piece by piece, from any `after`", () => {
    for (const from of [0, 1, 230, 300]) {
      for (const [prefix, suffix] of [
        ["", ""],
        ['{"result":', "}\n"],
      ] as const) {
        const { writer, chunks, all } = written(prefix, suffix);
        for (const to of [210, 210, 240, 260]) writer.traces({ head, records, from, to });
        expect(writer.started).toBe(true);
        const result = { ...head, traces: records.slice(from), complete: true };
        chunks.push(writer.end(result));
        expect(all()).toBe(text(traceResultJson(result, prefix, suffix)));
      }
    }
  });

  it("writes the whole answer at the end when nothing was sent", () => {
    const { writer, chunks } = written();
    const result = { ...head, windows: 3, traces: records, complete: false, nextFromBlock: 803 };
    expect(text(writer.end(result))).toBe(text(traceResultJson(result)));
    expect(chunks).toEqual([]);
  });

  it("fails, and never completes, when the answer began again after it was sent", () => {
    const { writer, failed } = written();
    writer.traces({ head, records, from: 0, to: 220 });
    writer.traces({ head, records: records.slice(), from: 0, to: 240 });
    expect(failed).toHaveLength(1);
    expect(() => writer.end({ ...head, traces: records, complete: true })).toThrow(TraceStreamError);
  });

  it("never completes a result other than the one sent", () => {
    const others = [
      { ...head, traces: records.slice(0, 100), complete: true }, // fewer traces than were sent
      { ...head, traces: [...records.slice(0, 219), records[0]!], complete: true }, // another record where one was sent
      { ...head, cachedWindows: 1, traces: records, complete: true }, // another head
    ];
    for (const other of others) {
      const { writer } = written();
      writer.traces({ head, records, from: 0, to: 220 });
      expect(() => writer.end(other)).toThrow(TraceStreamError);
    }
  });
});
