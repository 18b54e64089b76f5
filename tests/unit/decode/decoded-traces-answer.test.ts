// POST /api/traces with decode: true: the same answer, each record the node's bytes with `decoded` added.
import { describe, expect, it } from "vitest";
import { decodedTraceAnswer, takeDecodeFlag } from "@/lib/decode/decoded-traces-answer";
import { InputError } from "@/lib/errors/input-error";
import { sources, traces } from "./recorded";

const encoder = new TextEncoder();

describe("decodedTraceAnswer", () => {
  it("keeps every field of the answer and of each record, adding decoded (null where nothing decodes)", async () => {
    const recorded = traces("settle");
    const records = recorded.map((trace) => ({ blockNumber: trace.blockNumber, json: encoder.encode(JSON.stringify(trace)) }));
    const result = { traces: records, windows: 1, complete: true, fromBlock: 1, toBlock: 2, cachedWindows: 0 };
    const answer = (await (await decodedTraceAnswer(result, sources())).json()) as Record<string, unknown> & {
      traces: Array<Record<string, unknown> & { decoded: { source: string } | null }>;
    };
    expect(answer).toMatchObject({ windows: 1, complete: true, fromBlock: 1, toBlock: 2, cachedWindows: 0 });
    expect(answer.traces.map(({ decoded: _d, ...trace }) => trace)).toEqual(recorded);
    expect(answer.traces.map((t) => t.decoded?.source)).toEqual(["bytecode", "bundled"]);
    const plain = { ...recorded[1]!, action: { ...recorded[1]!.action, input: "0x" } };
    const none = await decodedTraceAnswer(
      { ...result, traces: [{ blockNumber: 1, json: encoder.encode(JSON.stringify(plain)) }] },
      sources(),
    );
    expect(((await none.json()) as { traces: Array<{ decoded: unknown }> }).traces[0]!.decoded).toBeNull();
  });
});

describe("takeDecodeFlag", () => {
  it("takes decode out of the body, and refuses anything but true or false", () => {
    expect(takeDecodeFlag({ fromBlock: 1, decode: true })).toEqual({ decode: true, rest: { fromBlock: 1 } });
    expect(takeDecodeFlag({ fromBlock: 1 })).toEqual({ decode: false, rest: { fromBlock: 1 } });
    expect(() => takeDecodeFlag({ decode: "yes" })).toThrow(InputError);
  });
});
