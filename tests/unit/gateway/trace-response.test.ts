// POST /api/traces's answer while the gateway's answer arrives, through the real client and Scheduler:
// sent before the gateway's answer has ended; the same JSON as written whole; a failure before the first
// byte is thrown (the operation answers 502 with its kind); one after it ends the body with an error,
// so what was read never parses as a complete answer — in plain JSON and in the NDJSON progress mode.
import { describe, expect, it, vi } from "vitest";
import { fetchTraces } from "@/lib/gateway/fetch-traces";
import { GatewayClient } from "@/lib/gateway/gateway-client";
import { traceProgressResponse, traceResponse, type StreamedRun } from "@/lib/gateway/trace-response";
import { GatewayError } from "@/lib/errors/gateway-errors";
import { PlatformError } from "@/lib/errors/platform-errors";
import { RateLimiter } from "@/lib/platform/rate-limiter";
import { Scheduler } from "@/lib/platform/scheduler";
import { SECRET_URL } from "./fake-gateway";
import { answerOf, realRecords } from "./real-records";

const real = realRecords().map((record) => JSON.stringify(record));
const recordsOf = (n: number) => Array.from({ length: n }, (_, i) => real[i % real.length]!);
const encoder = new TextEncoder();

/** The gateway's answer in chunks of 25 records; an Error: the connection breaks there; a promise: it waits. */
type Chunk = string | Error | Promise<void>;
function chunksOf(records: string[], breakAt?: number): Chunk[] {
  const text = answerOf(records);
  // Where each record ends in the answer: after the envelope's start, the records and their commas.
  const cuts: number[] = [];
  for (let i = 0, end = text.indexOf("[") + 1; i < records.length; i++) cuts.push((end += (i ? 1 : 0) + records[i]!.length));
  const chunks: Chunk[] = [];
  let start = 0;
  for (let i = 24; i < records.length; i += 25) {
    chunks.push(text.slice(start, cuts[i]));
    start = cuts[i]!;
    if (breakAt !== undefined && i + 1 >= breakAt) return [...chunks, new Error("connection reset")];
  }
  return [...chunks, text.slice(start)];
}

/** Each attempt answers with the next of `answers` (the last one again after that). */
function run(answers: Chunk[][], maxAttempts = 1): { run: StreamedRun; stop: AbortController } {
  const stop = new AbortController();
  let attempt = 0;
  const scheduler = new Scheduler({
    limiter: new RateLimiter({ requests: 1000, windowSeconds: 1 }),
    subrequestBudget: 10,
    timeoutMs: 5000,
    signal: stop.signal,
    retry: { maxAttempts, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 1 },
    fetch: async () => new Response(body(answers[Math.min(attempt++, answers.length - 1)]!)),
  });
  const client = new GatewayClient(SECRET_URL, scheduler);
  return {
    stop,
    run: (onTraces, onProgress) =>
      fetchTraces((filter, onRecords) => client.traceFilter(filter, onRecords), { fromBlock: 0, toBlock: 799 }, { onTraces, onProgress }),
  };
}

function body(chunks: Chunk[]): ReadableStream<Uint8Array> {
  let next = 0;
  return new ReadableStream({
    async pull(controller) {
      let chunk = chunks[next++];
      while (chunk instanceof Promise) {
        await chunk;
        chunk = chunks[next++];
      }
      if (chunk === undefined) controller.close();
      else if (chunk instanceof Error) controller.error(chunk);
      else controller.enqueue(encoder.encode(chunk));
    },
  });
}

/** The body as far as it can be read, and whether reading it failed. */
async function readAll(response: Response): Promise<{ text: string; failed: boolean }> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return { text, failed: false };
      text += value;
    }
  } catch {
    return { text, failed: true };
  }
}

const whole = (records: string[]) => ({
  windows: 1,
  fromBlock: 0,
  toBlock: 799,
  cachedWindows: 0,
  traces: records.map((r) => JSON.parse(r) as unknown),
  complete: true,
});

describe("POST /api/traces's answer while the gateway's arrives", () => {
  it("is sent before the gateway's answer has ended, and is the same JSON as the answer written whole", async () => {
    const records = recordsOf(400);
    let release!: () => void;
    const chunks = chunksOf(records);
    chunks.splice(10, 0, new Promise<void>((resolve) => (release = resolve))); // the gateway pauses after 250 records
    const { run: read, stop } = run([chunks]);
    const response = await traceResponse(read, stop);
    const reader = response.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first.startsWith('{"windows":1,"fromBlock":0,"toBlock":799,"cachedWindows":0,"traces":[')).toBe(true);
    release();
    reader.releaseLock();
    const rest = await readAll(response);
    expect(rest.failed).toBe(false);
    expect(first + rest.text).toBe(JSON.stringify(whole(records)));
  });

  it("answers a small answer whole, as before", async () => {
    const records = recordsOf(150);
    const { run: read, stop } = run([chunksOf(records)]);
    expect(await (await traceResponse(read, stop)).json()).toEqual(whole(records));
  });

  it("throws what failed before the first byte: the operation answers it (502, its kind)", async () => {
    const broken = run([chunksOf(recordsOf(400), 100)]);
    await expect(traceResponse(broken.run, broken.stop)).rejects.toBeInstanceOf(PlatformError);
    const bad = recordsOf(400);
    bad[5] = bad[5]!.replace('"blockNumber":', '"blockNumber":"x","was":');
    const malformed = run([chunksOf(bad)]);
    await expect(traceResponse(malformed.run, malformed.stop)).rejects.toBeInstanceOf(GatewayError);
  });

  it("ends the body with an error, never valid JSON, when it fails after the first byte", async () => {
    const bad = recordsOf(400);
    bad[300] = bad[300]!.replace('"blockNumber":', '"blockNumber":"x","was":');
    const answers: Chunk[][][] = [
      [chunksOf(recordsOf(400), 300)], // the connection breaks
      [chunksOf(bad)], // a record that is not a trace
      [chunksOf(recordsOf(400), 300), chunksOf(recordsOf(400))], // retried: the answer begins again
    ];
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    for (const attempts of answers) {
      const { run: read, stop } = run(attempts, attempts.length);
      const response = await traceResponse(read, stop);
      expect(response.status).toBe(200);
      const { text, failed } = await readAll(response);
      expect(failed).toBe(true);
      expect(text.length).toBeGreaterThan(0);
      expect(() => JSON.parse(text) as unknown).toThrow();
    }
    // One line per failure, naming its kind only: never the gateway's URL or what the node said.
    expect(logged.mock.calls.map((call) => String(call[0]))).toEqual(
      ["network", "malformed", "TraceStreamError"].map(
        (kind) => `[preflight] an answer stopped after its result began to be sent (${kind})`,
      ),
    );
    logged.mockRestore();
  });

  it("stops the gateway's read when the client goes away mid-answer", async () => {
    let release!: () => void;
    const chunks = chunksOf(recordsOf(400));
    chunks.splice(10, 0, new Promise<void>((resolve) => (release = resolve)));
    const { run: read, stop } = run([chunks]);
    const response = await traceResponse(read, stop);
    await response.body!.cancel();
    expect(stop.signal.aborted).toBe(true);
    release();
  });

  it("in the NDJSON progress mode: progress, then the result line; an early failure is an error line", async () => {
    const records = recordsOf(400);
    const ok = run([chunksOf(records)]);
    const lines = (await readAll(traceProgressResponse(new AbortController().signal, ok.run, ok.stop))).text.split("\n");
    expect(lines.map((line) => (line ? Object.keys(JSON.parse(line) as object)[0] : ""))).toEqual(["progress", "result", ""]);
    expect(JSON.parse(lines[1]!)).toEqual({ result: whole(records) });

    const early = run([chunksOf(recordsOf(400), 100)]);
    const errorLine = (await readAll(traceProgressResponse(new AbortController().signal, early.run, early.stop))).text.split("\n")[1]!;
    expect(JSON.parse(errorLine)).toMatchObject({ status: 502, error: { kind: "network" } });
  });

  it("in the NDJSON progress mode: a failure after the result line began ends the body with an error", async () => {
    const late = run([chunksOf(recordsOf(400), 300)]);
    const { text, failed } = await readAll(traceProgressResponse(new AbortController().signal, late.run, late.stop));
    expect(failed).toBe(true);
    const last = text.split("\n").at(-1)!;
    expect(last.startsWith('{"result":')).toBe(true);
    expect(() => JSON.parse(last) as unknown).toThrow();
  });
});
