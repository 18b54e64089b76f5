// POST /api/traces written from the records' own bytes is the JSON that serializing the result gave,
// byte for byte, for a node that writes compact JSON; and one NDJSON line when asked for progress.
import { describe, expect, it } from "vitest";
import type { TraceResult } from "@/lib/gateway/fetch-traces";
import { traceResultJson, traceResultResponse } from "@/lib/gateway/trace-answer";
import type { TraceRecord } from "@/lib/gateway/trace-record";
import { bytes, realRecords, text } from "./real-records";

const traces = realRecords().slice(0, 30);
const records: TraceRecord[] = traces.map((trace) => ({ blockNumber: trace.blockNumber as number, json: bytes(JSON.stringify(trace)) }));

describe("the traces answer", () => {
  it("is the serialized result, byte for byte, whatever fields it has", () => {
    const results: Array<Omit<TraceResult, "traces">> = [
      { windows: 1, fromBlock: 5, toBlock: 804, cachedWindows: 0, complete: true },
      { windows: 13, fromBlock: 0, toBlock: 9_999, cachedWindows: 2, complete: false, nextFromBlock: 4_000 },
    ];
    for (const result of results) {
      // The key order of fetchTraces' results: traces after cachedWindows, then complete (and nextFromBlock).
      const { windows, fromBlock, toBlock, cachedWindows, ...rest } = result;
      const ordered = { windows, fromBlock, toBlock, cachedWindows };
      for (const list of [records, records.slice(0, 1), []]) {
        const parsed = list.map((record) => JSON.parse(text(record.json)) as unknown);
        expect(text(traceResultJson({ ...ordered, traces: list, ...rest }))).toBe(JSON.stringify({ ...ordered, traces: parsed, ...rest }));
      }
    }
  });

  it("is one NDJSON line when it ends a progress stream", () => {
    const result = { windows: 1, fromBlock: 5, toBlock: 804, cachedWindows: 0, traces: records, complete: true };
    const line = text(traceResultJson(result, '{"result":', "}\n"));
    expect(line.indexOf("\n")).toBe(line.length - 1);
    expect(JSON.parse(line)).toEqual({ result: { ...result, traces } });
  });

  it("writes added fields over each record's closing brace: a record's own, else the answer's", () => {
    const own = bytes(',"decoded":{"source":"bundled"}}');
    const none = bytes(',"decoded":null}');
    const list = [{ ...records[0]!, added: own }, records[1]!, records[2]!];
    const result = { windows: 1, fromBlock: 5, toBlock: 804, cachedWindows: 0, traces: list, complete: true };
    const answer = JSON.parse(text(traceResultJson(result, "", "", none))) as { traces: Array<{ decoded: unknown }> };
    expect(answer.traces.map((trace) => trace.decoded)).toEqual([{ source: "bundled" }, null, null]);
    expect(answer.traces.map(({ decoded: _d, ...trace }) => trace)).toEqual(traces.slice(0, 3));
    const plain = JSON.parse(text(traceResultJson(result))) as { traces: Array<Record<string, unknown>> };
    expect(plain.traces.map((trace) => "decoded" in trace)).toEqual([true, false, false]);
  });

  it("is served as JSON", async () => {
    const response = traceResultResponse({ windows: 1, fromBlock: 5, toBlock: 5, cachedWindows: 0, traces: records, complete: true });
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(((await response.json()) as { traces: unknown[] }).traces).toEqual(traces);
  });
});
