// A trace record with its `decoded` added before its closing brace as it is answered: the node's bytes
// are kept, never serialized again nor copied, and one decoding's JSON is made once however many records
// share it.
import type { TraceRecord } from "@/lib/gateway/trace-record";
import type { Decoded } from "./types";

const encoder = new TextEncoder();
const NULL_DECODED = encoder.encode(',"decoded":null}');
const encoded = new WeakMap<Decoded, Uint8Array>();

function decodedBytes(decoded: Decoded | null): Uint8Array {
  let extra = decoded ? encoded.get(decoded) : NULL_DECODED;
  if (!extra) encoded.set(decoded!, (extra = encoder.encode(`,"decoded":${JSON.stringify(decoded)}}`)));
  return extra;
}

/** Every record with its decoding added (trace-record.ts writes it when the record is answered). */
export function withDecodedAll(records: readonly TraceRecord[], decodedOf: (record: TraceRecord) => Decoded | null): TraceRecord[] {
  return records.map((record) => ({ blockNumber: record.blockNumber, json: record.json, added: decodedBytes(decodedOf(record)) }));
}
