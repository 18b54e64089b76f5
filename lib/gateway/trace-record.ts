// A trace record as the node sent it: its bytes, checked against the trace schema, kept to be passed on
// without serializing them again, and its block number, which windowing and paging need.
import type { Trace } from "./trace";

export interface TraceRecord {
  readonly blockNumber: number;
  /** The record's JSON, compact (UTF-8): the node's own bytes when they were compact. */
  readonly json: Uint8Array;
  /**
   * Fields Preflight adds to the record (`,"decoded":…}`), written over its closing brace when it is
   * answered: adding them never copies the node's bytes (a decoded range's megabyte, once more a read).
   */
  readonly added?: Uint8Array;
  /**
   * Whether its `action.input` begins with a function selector, as the check learned while reading it (absent on
   * records made otherwise: decoding then looks in the bytes, lib/decode/record-bytes.ts).
   */
  readonly hasSelector?: boolean;
}

const decoder = new TextDecoder();

/** How many bytes the record is answered as (`added`: the answer's fields for a record without its own). */
export function recordLength(record: TraceRecord, added?: Uint8Array): number {
  const fields = record.added ?? added;
  return fields ? record.json.length - 1 + fields.length : record.json.length;
}

/** Writes the record as it is answered into `out` at `offset`; returns the offset after it. */
export function writeRecord(record: TraceRecord, out: Uint8Array, offset: number, added?: Uint8Array): number {
  const fields = record.added ?? added;
  out.set(record.json, offset);
  if (!fields) return offset + record.json.length;
  out.set(fields, offset + record.json.length - 1);
  return offset + record.json.length - 1 + fields.length;
}

/** The record's bytes as answered (a copy only where fields were added). */
export function recordBytes(record: TraceRecord): Uint8Array {
  if (!record.added) return record.json;
  const out = new Uint8Array(recordLength(record));
  writeRecord(record, out, 0);
  return out;
}

/** The records as objects, where something needs their fields (tests, tools). */
export function parseTraceRecords(records: readonly TraceRecord[]): Trace[] {
  return records.map((record) => JSON.parse(decoder.decode(recordBytes(record))) as Trace);
}
