// POST /api/traces written while the gateway's answer arrives: where one call's answer is the whole
// result (fetch-traces.ts' onTraces), its head and each chunk's newly checked records are sent at once,
// and the fields known only at the end close it. The bytes are the same as traceResultJson's for the
// same result; a result that turns out different, or fails, after the head went out ends the stream with
// an error, so no client ever reads it as a complete answer.
import type { TraceResult, TracesSoFar } from "./fetch-traces";
import { joinRecords, traceResultParts } from "./trace-answer";
import type { TraceRecord } from "./trace-record";

/** Why an answer whose head went out could not be completed (fixed words: safe to log). */
export class TraceStreamError extends Error {
  override readonly name = "TraceStreamError";
}

export interface ByteSink {
  write(bytes: Uint8Array): void;
  /** The answer cannot be completed: stop reading (the run then fails, and the stream with it). */
  fail(reason: string): void;
}

export class TraceAnswerWriter {
  private head?: string;
  private records?: readonly TraceRecord[];
  private from = 0;
  private sent = 0;
  private broken?: string;

  /**
   * `prefix`/`suffix`: around the result's JSON (an NDJSON line: `{"result":` and `}\n`). `added`: fields every
   * record of the answer gets unless it carries its own (a decoded answer's `"decoded":null`).
   */
  constructor(
    private readonly sink: ByteSink,
    private readonly prefix = "",
    private readonly suffix = "",
    private readonly added?: Uint8Array,
  ) {}

  /** True once the head went out: from then on the answer can only be completed or failed. */
  get started(): boolean {
    return this.head !== undefined;
  }

  /** The result's traces so far: the head on the first call, then the records not sent yet. */
  traces(soFar: TracesSoFar<TraceRecord>): void {
    if (this.broken) return;
    if (this.head === undefined) {
      this.head = traceResultParts({ ...soFar.head, traces: [], complete: true }, this.prefix).head;
      this.records = soFar.records;
      this.from = this.sent = soFar.from;
      this.sink.write(joinRecords(this.head, soFar.records, this.sent, soFar.to, false, "", this.added));
    } else if (soFar.records !== this.records) {
      this.broken = "the gateway's answer began again after its first traces were sent";
      return this.sink.fail(this.broken);
    } else if (soFar.to > this.sent) {
      this.sink.write(joinRecords("", soFar.records, this.sent, soFar.to, this.sent > this.from, "", this.added));
    }
    this.sent = Math.max(this.sent, soFar.to);
  }

  /** The rest of the answer once the result is known (all of it if nothing was sent); throws if it cannot be. */
  end(result: TraceResult<TraceRecord>): Uint8Array<ArrayBuffer> {
    if (this.broken) throw new TraceStreamError(this.broken);
    const { head, tail } = traceResultParts(result, this.prefix, this.suffix);
    if (this.head === undefined) return joinRecords(head, result.traces, 0, result.traces.length, false, tail, this.added);
    // The result must be what was sent: the same fields before `traces`, the same records from the start.
    const sent = this.sent - this.from;
    const traces = result.traces;
    let same = head === this.head && traces.length >= sent;
    for (let i = 0; same && i < sent; i++) same = traces[i] === this.records![this.from + i];
    if (!same) throw new TraceStreamError((this.broken = "the result differs from the traces already sent"));
    return joinRecords("", traces, sent, traces.length, sent > 0, tail, this.added);
  }
}
