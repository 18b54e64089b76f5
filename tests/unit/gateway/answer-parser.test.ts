// The streaming reader of trace_filter answers: the same records, checks and verdicts as parsing the
// whole answer with JSON.parse and the trace schema, however the bytes are cut into chunks.
import { describe, expect, it } from "vitest";
import { AnswerParser, readTraceAnswer, type TraceAnswer } from "@/lib/gateway/answer-parser";
import { traceListSchema } from "@/lib/gateway/trace-schema";
import { hasSelector } from "@/lib/gateway/trace";
import { answerOf, bytes, realRecords, text } from "./real-records";

/** The answer read from `data` cut into chunks of `size` bytes (or at the given offsets). */
function read(data: string | Uint8Array, cut: number | number[] = 65_536): TraceAnswer {
  const all = typeof data === "string" ? bytes(data) : data;
  const offsets = typeof cut === "number" ? Array.from({ length: Math.ceil(all.length / cut) }, (_, i) => i * cut) : [0, ...cut];
  const parser = new AnswerParser();
  offsets.forEach((start, i) => parser.push(all.slice(start, offsets[i + 1] ?? all.length)));
  return parser.finish();
}

const records = (answer: TraceAnswer) => answer.records?.map((record) => JSON.parse(text(record.json)) as unknown);

/** What today's whole-answer check says of a result: zod's path to the first problem, or undefined. */
function zodVerdict(result: unknown): string | undefined {
  const parsed = traceListSchema.safeParse(result);
  return parsed.success ? undefined : parsed.error.issues[0]!.path.join(".");
}

const real = realRecords();
const tricky = [
  // Escaped quotes, backslashes and brackets inside strings, a unicode escape, raw UTF-8, unknown fields.
  { ...real[0], error: 'Reverted: "]}{[\\ \u00e9 é ☃', note: { nested: [1, -2.5e3, true, null, 'x"]'], 'k"ey': {} } },
  { ...real[1], action: { ...(real[1]!.action as object), callType: 'call\n\t"[' } },
  real[2],
].map((record) => JSON.stringify(record));

describe("the streaming trace_filter reader", () => {
  it("keeps each record as the node's own bytes, with its block number", () => {
    const answer = read(answerOf(tricky));
    expect(answer.records!.map((record) => text(record.json))).toEqual(tricky);
    expect(answer.records!.map((record) => record.blockNumber)).toEqual(
      tricky.map((record) => (JSON.parse(record) as { blockNumber: number }).blockNumber),
    );
    expect(answer).toMatchObject({ badRecord: undefined, zodChecked: 0, envelope: { jsonrpc: "2.0", id: 1 } });
    expect(answer.envelope!.result).toBe(answer.records);
  });

  it("reads the same records whatever byte the chunks are cut at", () => {
    const answer = answerOf(tricky);
    const whole = records(read(answer));
    for (let cut = 1; cut < answer.length; cut++) expect(records(read(answer, [cut]))).toEqual(whole);
    expect(records(read(answer, 1))).toEqual(whole);
    expect(records(read(answer, 7))).toEqual(whole);
  });

  it("accepts every real record quickly and reads them as JSON.parse does", () => {
    const answer = read(answerOf(real.map((record) => JSON.stringify(record))), 1000);
    expect(records(answer)).toEqual(real);
    expect(answer.zodChecked).toBe(0);
    expect(answer.badRecord).toBeUndefined();
  });

  it("notes whether each record's input begins with a selector, as the parsed input says", () => {
    const call = JSON.parse(tricky[2]!) as { action: Record<string, unknown> } & Record<string, unknown>;
    const withInput = (input: string | undefined, extra: Record<string, unknown> = {}) =>
      JSON.stringify({ ...call, ...extra, action: { ...call.action, input } });
    const cases = [
      ...real.map((record) => JSON.stringify(record)),
      withInput("0xa9059cbb"), // exactly a selector
      withInput("0xA9059CBB00"),
      withInput("0xa9059cb"), // one digit short
      withInput("0x"),
      withInput(undefined), // no input at all (a create's init, a reward)
      withInput("0x12345678", { note: '"input":"0x' }), // the key's bytes inside a string value do not count
      // Only the action's input counts: another object's "input" key, before the action, holds no selector of this call.
      JSON.stringify({ extra: { input: "0x12345678" }, ...call, action: { ...call.action, input: "0x" } }),
      JSON.stringify({ ...call, action: { ...call.action, input: "0x00000000" } }, null, 1), // spaces: zod's path
    ];
    const expected = cases.map((record) => hasSelector((JSON.parse(record) as { action: { input?: string } }).action.input));
    expect(expected).toContain(true);
    expect(expected).toContain(false);
    for (const cut of [65_536, 97, 13]) {
      const answer = read(answerOf(cases), cut);
      expect(answer.zodChecked).toBe(1);
      expect(answer.records!.map((record) => record.hasSelector)).toEqual(expected);
    }
  });

  it("names the first record that is not a trace as the whole-answer check does", () => {
    const good = JSON.parse(tricky[2]!) as Record<string, unknown>;
    const bad: Array<Record<string, unknown> | unknown> = [
      { ...good, action: { from: "not hex" } },
      { ...good, blockNumber: -1 },
      { ...good, blockNumber: 1.5 },
      { ...good, blockNumber: "12" },
      { ...good, traceAddress: [0, "1"] },
      { ...good, transactionHash: 7 },
      { ...good, type: undefined },
      { ...good, result: { gasUsed: "0xzz" } },
      42,
      null,
      [good],
    ];
    for (const record of bad) {
      const result = [good, good, good, record, { ...good, subtraces: -3 }, good];
      const answer = read(answerOf(result.map((r) => JSON.stringify(r))), 50);
      expect(answer.badRecord).toBe(zodVerdict(result));
      expect(answer.badRecord).toMatch(/^3(\.|$)/);
    }
  });

  it("hands what it cannot vouch for to JSON.parse and zod: escaped keys, duplicates, spaces", () => {
    const good = tricky[2]!;
    // An escaped key that spells blockNumber, and a duplicate key whose last value wins, as in JSON.parse.
    const escapedKey = good.replace('"blockNumber"', '"bl\\u006fckNumber"');
    const duplicate = good.replace('"blockNumber":', '"blockNumber":"x","blockNumber":');
    const pretty = JSON.stringify(JSON.parse(good), null, 2);
    const answer = read(`{ "jsonrpc" : "2.0",\n "result" : [ ${escapedKey} ,\n${duplicate},${pretty}\n] , "id":7 }`, 13);
    expect(answer.zodChecked).toBe(3);
    expect(records(answer)).toEqual([JSON.parse(good), JSON.parse(good), JSON.parse(good)]);
    // Compact bytes, so a record never breaks an NDJSON line.
    for (const record of answer.records!) expect(text(record.json)).toBe(JSON.stringify(JSON.parse(good)));
    const wrongLast = good.replace('"blockNumber":', '"blockNumber":5,"blockNumber":"x","ignored":');
    expect(read(answerOf([good, wrongLast])).badRecord).toBe("1.blockNumber");
  });

  it("reads a JSON-RPC error, an empty result, a null result and a result that is not a list", () => {
    const error = read('{"jsonrpc":"2.0","id":3,"error":{"code":-32602,"message":"block range too large"}}', 5);
    expect(error).toEqual({
      envelope: { jsonrpc: "2.0", id: 3, error: { code: -32602, message: "block range too large" } },
      records: undefined,
      badRecord: undefined,
      zodChecked: 0,
    });
    expect(read('{"jsonrpc":"2.0","id":1,"result":[]}').records).toEqual([]);
    expect(read('{"jsonrpc":"2.0","id":1,"result":null}')).toMatchObject({ envelope: { result: null }, records: undefined });
    expect(read('{"jsonrpc":"2.0","id":1,"result":{"a":[1]}}')).toMatchObject({ envelope: { result: { a: [1] } }, records: undefined });
    // A later `result` replaces an earlier one, as in JSON.parse.
    expect(read(`{"jsonrpc":"2.0","result":[${tricky[0]}],"result":null}`)).toMatchObject({
      envelope: { result: null },
      records: undefined,
    });
  });

  it("says the answer is not JSON when it is not, wherever it stops", () => {
    const answer = answerOf(tricky);
    for (const broken of [
      "",
      "<html>502 Bad Gateway</html>",
      "[1,2]",
      answer.slice(0, -1),
      answer.slice(0, answer.length / 2),
      `${answer}x`,
      `${answer}{}`,
      answer.replace('"result":[', '"result":[,'),
      answer.replace(/,\{"action"/, ',,{"action"'),
      '{"jsonrpc":"2.0","result":[{"a":tru}]}',
      '{"jsonrpc":"2.0","result":[1 2]}',
    ]) {
      for (const cut of [1, 16, 65_536]) expect(read(broken, cut), `${broken.slice(0, 40)}… in chunks of ${cut}`).toEqual({});
    }
    expect(read(`\uFEFF${answer}`, 1).records).toHaveLength(3); // a byte order mark, as response.text() drops it
    expect(read(` \n${answer}\r\n\t`, 2).records).toHaveLength(3);
  });

  it("reads a huge answer and a huge record, chunk by chunk, in one pass", async () => {
    const many = Array.from({ length: 20_000 }, (_, i) => tricky[i % 3]!);
    const big = JSON.stringify({ ...JSON.parse(tricky[2]!), action: { input: `0x${"ab".repeat(2_000_000)}` } });
    const answer = bytes(answerOf([...many, big, tricky[0]!]));
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < answer.length; i += 1024) controller.enqueue(answer.slice(i, i + 1024));
        controller.close();
      },
    });
    const result = await readTraceAnswer(stream);
    expect(result.records).toHaveLength(20_002);
    expect(result.zodChecked).toBe(0);
    expect(text(result.records![20_000]!.json)).toBe(big);
    expect(text(result.records![20_001]!.json)).toBe(tricky[0]);
  });

  it("stops reading an answer once it is not JSON, and lets go of the body", async () => {
    let pulls = 0;
    let cancelled = false;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(bytes(pulls++ === 0 ? "<html>" : "x".repeat(1000)));
      },
      cancel() {
        cancelled = true;
      },
    });
    expect(await readTraceAnswer(stream)).toEqual({});
    expect(cancelled).toBe(true);
    expect(pulls).toBeLessThan(3);
  });
});
