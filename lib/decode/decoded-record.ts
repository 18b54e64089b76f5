// A trace record with its `decoded` spliced in before its closing brace: the node's bytes are kept,
// never serialized again, and one decoding's JSON is made once however many records share it.
import type { TraceRecord } from "@/lib/gateway/trace-record";
import type { Decoded } from "./types";

const encoder = new TextEncoder();
const NULL_DECODED = encoder.encode(',"decoded":null}');
const encoded = new WeakMap<Decoded, Uint8Array>();

export function withDecoded(record: TraceRecord, decoded: Decoded | null): TraceRecord {
  let extra = decoded ? encoded.get(decoded) : NULL_DECODED;
  if (!extra) encoded.set(decoded!, (extra = encoder.encode(`,"decoded":${JSON.stringify(decoded)}}`)));
  const json = new Uint8Array(record.json.length - 1 + extra.length);
  json.set(record.json.subarray(0, record.json.length - 1), 0);
  json.set(extra, record.json.length - 1);
  return { blockNumber: record.blockNumber, json };
}
