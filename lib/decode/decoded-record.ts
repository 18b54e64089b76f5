// A trace record with its `decoded` spliced in before its closing brace: the node's bytes are kept,
// never serialized again, and one decoding's JSON is made once however many records share it.
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

export function withDecoded(record: TraceRecord, decoded: Decoded | null): TraceRecord {
  return withDecodedAll([record], () => decoded)[0]!;
}

/** Every record with its decoding, written into one buffer (views into it): one allocation a chunk, not one a record. */
export function withDecodedAll(records: readonly TraceRecord[], decodedOf: (record: TraceRecord) => Decoded | null): TraceRecord[] {
  const extras = records.map((record) => decodedBytes(decodedOf(record)));
  const buffer = new Uint8Array(records.reduce((sum, record, index) => sum + record.json.length - 1 + extras[index]!.length, 0));
  let at = 0;
  return records.map((record, index) => {
    const start = at;
    buffer.set(record.json.subarray(0, record.json.length - 1), at);
    buffer.set(extras[index]!, (at += record.json.length - 1));
    at += extras[index]!.length;
    return { blockNumber: record.blockNumber, json: buffer.subarray(start, at) };
  });
}
