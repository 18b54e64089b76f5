// The JSON-RPC answer to trace_filter, read chunk by chunk as it arrives: the envelope's small values
// (jsonrpc, id, error…) are parsed, and each record of an array `result` is checked against the trace
// schema as soon as its last byte is in, then kept as the node's own bytes. A record the quick check
// (record-check.ts) cannot vouch for goes to JSON.parse and zod, which have the last word.
import { isWhitespace, ValueExtent } from "./json-extent";
import { captured, checkValue, NEED_MORE } from "./record-check";
import { planOf, type Plan } from "./record-plan";
import type { TraceRecord } from "./trace-record";
import { traceSchema } from "./trace-schema";
import { hasSelector } from "./trace";

export interface TraceAnswer {
  /** The answer's JSON object; an array `result` is `records`. Undefined when the body is not one JSON object. */
  envelope?: Record<string, unknown>;
  records?: TraceRecord[];
  /** zod's path to the first record that is not a trace, from its index ("17.action.from"). */
  badRecord?: string;
  /** Records the quick check could not vouch for, checked by JSON.parse and zod (0 for a compact node). */
  zodChecked?: number;
}

const RECORD_PLAN = planOf(traceSchema);
const fieldPlan = (plan: Plan | undefined, key: string) => (plan?.kind === "object" ? plan.fields.get(key)?.plan : undefined);
// The check notes what every record is asked later, while it reads it: its block number, and whether its
// input begins with a selector (decoding parses only those).
const blockNumberPlan = fieldPlan(RECORD_PLAN, "blockNumber");
if (blockNumberPlan?.kind === "integer") blockNumberPlan.capture = true;
const inputPlan = fieldPlan(fieldPlan(RECORD_PLAN, "action"), "input");
if (inputPlan?.kind === "string" && inputPlan.hex) inputPlan.captureSelector = true;

const decoder = new TextDecoder();
const encoder = new TextEncoder();
const EMPTY = new Uint8Array(0);
const BOM = Uint8Array.of(0xef, 0xbb, 0xbf);

type State = "start" | "firstKey" | "key" | "colon" | "value" | "firstElement" | "element" | "afterElement" | "afterValue" | "done";

export class AnswerParser {
  private buf = EMPTY;
  private pos = 0;
  private len = 0;
  private owned = false;
  private atStart = true;
  private state: State = "start";
  private failed = false;
  private key = "";
  private readonly envelope: Record<string, unknown> = {};
  private records?: TraceRecord[];
  private elements = 0;
  private badRecord?: string;
  /** How many records were kept before the first that is not a trace. */
  private firstBad?: number;
  private zodChecked = 0;
  /** The value being measured when its end was not in the bytes yet; `quick`: the quick check only ran short. */
  private pending?: { extent: ValueExtent; quick: boolean };

  /** Takes the next chunk; false once the bytes are not JSON (nothing after can change the answer). */
  push(chunk: Uint8Array): boolean {
    if (this.failed) return false;
    const carried = this.pending && this.len > this.pos ? this.pending.extent.continueIn(chunk) : -1;
    if (carried >= 0) {
      // A value cut by the chunk boundary ends `carried` bytes in: only those join its start, and the
      // rest of the chunk is read where it lies (its records stay views of it, nothing else is copied).
      this.append(chunk.subarray(0, carried));
      this.run(false);
      if (this.failed) return false;
      if (this.pos === this.len) Object.assign(this, { buf: chunk, pos: carried, len: chunk.length, owned: false });
      else this.append(chunk.subarray(carried));
    } else {
      this.append(chunk);
    }
    this.run(false);
    return !this.failed;
  }

  /**
   * The records of the `result` array kept so far (one array that grows as chunks come in; a new one if
   * a second `result` began) and how many of them, from the first, are the answer's first records:
   * it stops growing at the first record that is not a trace.
   */
  soFar(): { records: readonly TraceRecord[]; checked: number } {
    const records = this.records ?? [];
    return { records, checked: this.firstBad ?? records.length };
  }

  /** The answer, once the body has ended. */
  finish(): TraceAnswer {
    if (!this.failed) this.run(true);
    if (this.failed || this.state !== "done") return {};
    return { envelope: this.envelope, records: this.records, badRecord: this.badRecord, zodChecked: this.zodChecked };
  }

  private append(chunk: Uint8Array) {
    const rest = this.len - this.pos;
    if (rest === 0) {
      Object.assign(this, { buf: chunk, pos: 0, len: chunk.length, owned: false });
    } else if (this.owned && this.pos === 0 && this.buf.length >= rest + chunk.length) {
      this.buf.set(chunk, this.len); // room left in a buffer of our own that nothing points into yet
      this.len += chunk.length;
    } else {
      // A value cut by the chunk boundary: its start and the new chunk, with room to grow (amortized copies).
      const next = new Uint8Array(Math.max(rest + chunk.length, rest * 2));
      next.set(this.buf.subarray(this.pos, this.len));
      next.set(chunk, rest);
      Object.assign(this, { buf: next, pos: 0, len: rest + chunk.length, owned: true });
    }
  }

  private run(final: boolean) {
    const b = this.buf;
    const end = this.len;
    let i = this.pos;
    if (this.atStart) {
      // A byte order mark, dropped as response.text() drops it; decided once 3 bytes are in.
      const n = Math.min(3, end - i);
      const prefix = BOM.subarray(0, n).every((byte, k) => b[i + k] === byte);
      if (prefix && n < 3 && !final) return;
      if (prefix && n === 3) i += 3;
      this.atStart = false;
    }
    while (!this.failed) {
      if (!this.pending) while (i < end && isWhitespace(b[i]!)) i++;
      if (i >= end && !(final && this.pending)) break;
      const c = b[i]!;
      const next = this.step(b, i, end, c, final);
      if (next < 0) break; // more bytes needed
      i = next;
    }
    this.pos = i;
  }

  /** One token or value from b[i]; the index after it, or -1 when it needs more bytes. */
  private step(b: Uint8Array, i: number, end: number, c: number, final: boolean): number {
    switch (this.state) {
      case "start":
        return this.expect(c === 0x7b, i, "firstKey");
      case "firstKey":
        if (c === 0x7d) return this.to("done", i + 1);
        return this.readKey(b, i, end, final);
      case "key":
        return this.readKey(b, i, end, final);
      case "colon":
        return this.expect(c === 0x3a, i, "value");
      case "value":
        if (this.key === "result" && c === 0x5b && !this.pending) {
          this.records = [];
          this.elements = 0;
          this.badRecord = this.firstBad = undefined;
          this.set("result", this.records);
          return this.to("firstElement", i + 1);
        }
        return this.readValue(b, i, end, final);
      case "firstElement":
        if (c === 0x5d) return this.to("afterValue", i + 1);
        return this.readElement(b, i, end, final);
      case "element":
        return this.readElement(b, i, end, final);
      case "afterElement":
        if (c === 0x5d) return this.to("afterValue", i + 1);
        return this.expect(c === 0x2c, i, "element");
      case "afterValue":
        if (c === 0x7d) return this.to("done", i + 1);
        return this.expect(c === 0x2c, i, "key");
      case "done":
        return this.fail(); // only whitespace may follow the object
    }
  }

  private readKey(b: Uint8Array, i: number, end: number, final: boolean): number {
    if (b[i] !== 0x22) return this.fail();
    const key = this.whole(b, i, end, final);
    if (key === undefined) return -1;
    const text = this.parse(b.subarray(i, i + key));
    if (typeof text !== "string") return this.fail();
    this.key = text;
    return this.to("colon", i + key);
  }

  /** A small value of the envelope (or a `result` that is not an array): parsed whole. */
  private readValue(b: Uint8Array, i: number, end: number, final: boolean): number {
    const length = this.whole(b, i, end, final);
    if (length === undefined) return -1;
    const value = this.parse(b.subarray(i, i + length));
    if (this.failed) return -1;
    if (this.key === "result") this.records = this.badRecord = this.firstBad = undefined;
    this.set(this.key, value);
    return this.to("afterValue", i + length);
  }

  private readElement(b: Uint8Array, i: number, end: number, final: boolean): number {
    let quick = this.pending?.quick ?? true;
    if (!this.pending) {
      const after = check(b, i, end);
      if (after >= 0 && captured.value >= 0) return this.keep(b.subarray(i, after), captured.value, captured.hasSelector, after);
      quick = after === NEED_MORE;
      this.pending = { extent: new ValueExtent(), quick };
    }
    const length = this.whole(b, i, end, final);
    if (length === undefined) return -1;
    if (quick) {
      // The record is whole now: the quick check once more, over all of it.
      const after = check(b, i, end);
      if (after === i + length && captured.value >= 0) return this.keep(b.subarray(i, after), captured.value, captured.hasSelector, after);
    }
    const record = this.parse(b.subarray(i, i + length));
    if (this.failed) return -1;
    this.zodChecked++;
    const checked = traceSchema.safeParse(record);
    if (checked.success) {
      // The node's bytes were not compact or not provably a trace: zod accepted it; its JSON, compact.
      const { blockNumber, action } = checked.data;
      return this.keep(encoder.encode(JSON.stringify(record)), blockNumber, hasSelector(action.input), i + length);
    }
    this.badRecord ??= [this.elements, ...(checked.error.issues[0]?.path ?? [])].map(String).join(".");
    this.firstBad ??= this.records!.length;
    this.elements++;
    return this.to("afterElement", i + length);
  }

  private keep(json: Uint8Array, blockNumber: number, hasSelector: boolean, after: number): number {
    this.records!.push({ blockNumber, json, hasSelector });
    this.elements++;
    return this.to("afterElement", after);
  }

  /** The length of the value at b[i] once it is all here (measured across chunks), else undefined. */
  private whole(b: Uint8Array, i: number, end: number, final: boolean): number | undefined {
    this.pending ??= { extent: new ValueExtent(), quick: false };
    const length = this.pending.extent.measure(b, i, end, final);
    if (length >= 0) {
      this.pending = undefined;
      return length;
    }
    if (final) this.fail(); // cut off
    return undefined;
  }

  private parse(bytes: Uint8Array): unknown {
    try {
      return JSON.parse(decoder.decode(bytes));
    } catch {
      this.fail();
      return undefined;
    }
  }

  /** Own properties only, as JSON.parse makes them (a key "__proto__" stays a key). */
  private set(key: string, value: unknown) {
    Object.defineProperty(this.envelope, key, { value, enumerable: true, writable: true, configurable: true });
  }

  private expect(ok: boolean, i: number, next: State): number {
    return ok ? this.to(next, i + 1) : this.fail();
  }

  private to(state: State, i: number): number {
    this.state = state;
    return i;
  }

  private fail(): number {
    this.failed = true;
    return -1;
  }
}

/** The quick check of the record at b[i], its captures reset first. */
function check(b: Uint8Array, i: number, end: number): number {
  captured.value = -1;
  captured.hasSelector = false;
  return checkValue(b, i, end, RECORD_PLAN);
}

/** Told, after each chunk that checked more of them, the records of one answer so far (AnswerParser.soFar). */
export type RecordsSoFar = (records: readonly TraceRecord[], checked: number) => void;

/**
 * Reads a trace_filter answer's body as it arrives; stops reading (cancels) once it is not JSON.
 * `onRecords`: told the records checked so far as they come, for an answer passed on while it arrives.
 */
export async function readTraceAnswer(body: ReadableStream<Uint8Array> | null, onRecords?: RecordsSoFar): Promise<TraceAnswer> {
  const parser = new AnswerParser();
  if (!body) return parser.finish();
  const reader = body.getReader();
  let told: { records?: readonly TraceRecord[]; checked: number } = { checked: 0 };
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      if (!parser.push(value)) {
        await reader.cancel();
        break;
      }
      if (!onRecords) continue;
      const now = parser.soFar();
      if (now.checked !== told.checked || now.records !== told.records) onRecords((told = now).records, now.checked);
    }
  } catch (error) {
    await reader.cancel().catch(() => undefined); // a read that failed half-way still lets go of the connection
    throw error;
  }
  return parser.finish();
}
