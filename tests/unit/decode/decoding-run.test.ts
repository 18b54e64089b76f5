// decode: true on the undecoded read's streamed path: each chunk's complete transactions are decoded as
// they arrive and sent before the gateway's read ends, the bytes are those of the whole decoded answer,
// a transaction is never split across a decoding, and only frames with a selector are parsed.
import { describe, expect, it } from "vitest";
import { decodeTraces, type DecodeDeps } from "@/lib/decode/decode-traces";
import { decodingRun } from "@/lib/decode/decoding-run";
import { recordHasSelector, recordTransaction } from "@/lib/decode/record-bytes";
import type { TraceResult, TracesSoFar } from "@/lib/gateway/fetch-traces";
import type { Trace } from "@/lib/gateway/trace";
import { recordBytes, type TraceRecord } from "@/lib/gateway/trace-record";
import { traceResponse, type StreamedRun } from "@/lib/gateway/trace-response";
import { sources, traces } from "./recorded";

const encoder = new TextEncoder();
const all: Trace[] = [...traces("tokenTransfer"), ...traces("nftTransfer"), ...traces("split"), ...traces("settle"), ...traces("mint")];
const records: TraceRecord[] = all.map((trace) => ({ blockNumber: trace.blockNumber, json: encoder.encode(JSON.stringify(trace)) }));
const hashText = (bytes: Uint8Array | undefined) => bytes && new TextDecoder().decode(bytes);
const head = { windows: 1, complete: true, fromBlock: 0, toBlock: 799, cachedWindows: 0 };

/**
 * The gateway's records in chunks of `size` (cutting through transactions), the last one held until `release`; the
 * result the records from `from` on (a page after `from` traces of the call's answer).
 */
function gatewayRun(size: number, from = 0): { run: StreamedRun; release: () => void } {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const run: StreamedRun = async (onTraces) => {
    for (let to = from + size; to < records.length; to += size) onTraces({ head, records, from, to } satisfies TracesSoFar<TraceRecord>);
    await held;
    onTraces({ head, records, from, to: records.length });
    return { ...head, traces: records.slice(from) } satisfies TraceResult<TraceRecord>;
  };
  return { run, release };
}

async function answerText(response: Response): Promise<{ first: string; rest: () => Promise<string> }> {
  const reader = response.body!.getReader();
  const first = new TextDecoder().decode((await reader.read()).value);
  const rest = async () => {
    let text = first;
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += new TextDecoder().decode(chunk.value);
    return text;
  };
  return { first, rest };
}

describe("decodingRun", () => {
  it("sends decoded traces before the gateway's read ends, the same bytes as the whole decoded answer", async () => {
    const { run, release } = gatewayRun(3);
    const { first, rest } = await answerText(await traceResponse(decodingRun(run, Promise.resolve(sources())), new AbortController()));
    expect(first).toContain('"decoded":{"source":"bundled"'); // the token transfer, decoded while the read goes on
    release();
    const answer = JSON.parse(await rest()) as { traces: Array<Trace & { decoded: unknown }> };
    const expected = await decodeTraces(all, sources());
    expect(answer.traces.map(({ decoded: _d, ...trace }) => trace)).toEqual(all);
    expect(answer.traces.map((trace) => trace.decoded)).toEqual(expected.map((decoded) => decoded ?? null));
  });

  it("streams a page that begins after the call's first records as the whole decoded page", async () => {
    const from = traces("tokenTransfer").length + 1; // inside the NFT transfer: its first frame is not on the page
    const { run, release } = gatewayRun(2, from);
    const { rest } = await answerText(await traceResponse(decodingRun(run, Promise.resolve(sources())), new AbortController()));
    release();
    const answer = JSON.parse(await rest()) as { traces: Array<Trace & { decoded: unknown }> };
    const page = all.slice(from);
    expect(answer.traces.map(({ decoded: _d, ...trace }) => trace)).toEqual(page);
    expect(answer.traces.map((trace) => trace.decoded)).toEqual((await decodeTraces(page, sources())).map((decoded) => decoded ?? null));
  });

  it("hands on only whole transactions, the result's records the very ones streamed", async () => {
    const { run, release } = gatewayRun(2);
    const handed: Array<{ records: readonly TraceRecord[]; to: number }> = [];
    const decoded = decodingRun(run, Promise.resolve(sources()))((soFar) => handed.push({ records: soFar.records, to: soFar.to }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(handed.length).toBeGreaterThan(0);
    release();
    const result = await decoded;
    for (const { to } of handed) {
      // The last record handed on ends its transaction: the next one (if any) is another's.
      if (to < records.length) expect(hashText(recordTransaction(records[to]!))).not.toBe(hashText(recordTransaction(records[to - 1]!)));
    }
    const last = handed.at(-1)!;
    result.traces.forEach((record, index) => index < last.to && expect(record).toBe(last.records[index]));
  });

  it("decodes a repeated call once and reads its code once per address and block", async () => {
    const deps = sources();
    const split = traces("split");
    const twice = [...split, ...split.map((trace) => ({ ...trace, transactionHash: `0x${"cd".repeat(32)}` }))];
    const twiceRecords = twice.map((trace) => ({ blockNumber: trace.blockNumber, json: encoder.encode(JSON.stringify(trace)) }));
    const result = await decodingRun(async () => ({ ...head, traces: twiceRecords }), Promise.resolve(deps))(() => undefined);
    const text = result.traces.map((record) => new TextDecoder().decode(recordBytes(record)));
    expect(text.slice(split.length).map((t) => JSON.parse(t).decoded)).toEqual(
      text.slice(0, split.length).map((t) => JSON.parse(t).decoded),
    );
    expect(deps.codeReads.length).toBeGreaterThan(0);
    expect(deps.codeReads.length).toBe(new Set(deps.codeReads).size);
  });

  it("asks the decoder nothing for chunks without a selector, yet fails the read when the decoder could not open", async () => {
    // Value transfers only (no input to decode), in chunks of one: the fan-out calls of a dense range look like this.
    const plain = all.map((trace) => {
      const transfer = { ...trace, action: { ...trace.action, input: "0x" } };
      return { blockNumber: trace.blockNumber, json: encoder.encode(JSON.stringify(transfer)) };
    });
    expect(plain.some(recordHasSelector)).toBe(false);
    const run: StreamedRun = async (onTraces) => {
      for (let to = 1; to <= plain.length; to++) onTraces({ head, records: plain, from: 0, to });
      return { ...head, traces: plain };
    };
    let asked = 0;
    const counting: DecodeDeps = {
      abis: async () => (asked++, new Map()),
      code: async () => Promise.reject(new Error(`code read ${++asked}`)),
      storage: async () => Promise.reject(new Error(`storage read ${++asked}`)),
    };
    const result = await decodingRun(run, Promise.resolve(counting))(() => undefined);
    expect(result.traces).toEqual(plain);
    expect(asked).toBe(0);
    await expect(decodingRun(run, Promise.reject(new Error("the bucket is down")))(() => undefined)).rejects.toThrow("the bucket is down");
  });
});

describe("record bytes", () => {
  it("finds a selector only in the input key, never inside a string value", () => {
    const record = (trace: object) => ({ blockNumber: 1, json: encoder.encode(JSON.stringify(trace)) });
    const [call] = traces("tokenTransfer");
    expect(recordHasSelector(record(call!))).toBe(true);
    expect(recordHasSelector(record({ ...call!, action: { ...call!.action, input: "0x" } }))).toBe(false);
    expect(recordHasSelector(record({ ...call!, action: { ...call!.action, input: "0x" }, error: '"input":"0x12345678' }))).toBe(false);
    expect(hashText(recordTransaction(record(call!)))).toBe(call!.transactionHash!);
    expect(recordTransaction(record({ ...call!, transactionHash: null }))).toBeUndefined();
  });
});
