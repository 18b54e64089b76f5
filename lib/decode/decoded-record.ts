// A trace record with its `decoded` added before its closing brace as it is answered: the node's bytes
// are kept, never serialized again nor copied, and one decoding's JSON is made once however many records
// share it. A record with nothing decoded stays as it is: the answer adds NO_DECODING to it as it is written.
import type { TraceRecord } from "@/lib/gateway/trace-record";
import type { Decoded } from "./types";

const encoder = new TextEncoder();
/** A decoded answer's field for a record with nothing to decode (no selector, a create, a reward). */
export const NO_DECODING = encoder.encode(',"decoded":null}');
const encoded = new WeakMap<Decoded, Uint8Array>();

/** The record with its decoding added (trace-record.ts writes it when the record is answered). */
export function withDecoded(record: TraceRecord, decoded: Decoded): TraceRecord {
  let added = encoded.get(decoded);
  if (!added) encoded.set(decoded, (added = encoder.encode(`,"decoded":${JSON.stringify(decoded)}}`)));
  return { blockNumber: record.blockNumber, json: record.json, added };
}
