// A trace record as the node sent it: its bytes, checked against the trace schema, kept to be passed on
// without serializing them again, and its block number, which windowing and paging need.
import type { Trace } from "./trace";

export interface TraceRecord {
  readonly blockNumber: number;
  /** The record's JSON, compact (UTF-8): the node's own bytes when they were compact. */
  readonly json: Uint8Array;
}

const decoder = new TextDecoder();

/** The records as objects, where something needs their fields (tests, tools). */
export function parseTraceRecords(records: readonly TraceRecord[]): Trace[] {
  return records.map((record) => JSON.parse(decoder.decode(record.json)) as Trace);
}
