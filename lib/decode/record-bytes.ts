// What decoding needs to know of a trace record before parsing it: whether it carries a selector at all (noted by
// the record check as it read the node's bytes; otherwise searched in its compact bytes), and its transaction, read
// from its bytes. Only records with a selector are parsed: most of a range's frames have none.
import type { TraceRecord } from "@/lib/gateway/trace-record";

const INPUT = Buffer.from('"input":"0x');
const TRANSACTION = Buffer.from('"transactionHash":"');
const QUOTE = 0x22;

const bytesOf = (record: TraceRecord) => Buffer.from(record.json.buffer, record.json.byteOffset, record.json.byteLength);

/**
 * True when the record's input starts with a selector (`0x` and 8 hex digits): the only frames decoding applies to.
 * Asked of every record of a range: the check already noted it for the gateway's records (answer-parser.ts).
 */
export function recordHasSelector(record: TraceRecord): boolean {
  if (record.hasSelector !== undefined) return record.hasSelector;
  // Searched in place, no Buffer made for each (most records have no selector).
  const bytes = record.json;
  // A key's quotes are bare; inside a string value they are escaped, so this finds only the key.
  const at = indexOfBytes(bytes, INPUT);
  if (at < 0) return false;
  const start = at + INPUT.length;
  if (start + 8 > bytes.length) return false;
  for (let i = start; i < start + 8; i++) if (!isHex(bytes[i]!)) return false;
  return true;
}

function indexOfBytes(bytes: Uint8Array, pattern: Uint8Array): number {
  const first = pattern[0]!;
  const last = bytes.length - pattern.length;
  outer: for (let i = 0; i <= last; i++) {
    if (bytes[i] !== first) continue;
    for (let j = 1; j < pattern.length; j++) if (bytes[i + j] !== pattern[j]) continue outer;
    return i;
  }
  return -1;
}

/** The bytes of the record's transaction hash (a view, no copy), or undefined for a block's reward (null or absent). */
export function recordTransaction(record: TraceRecord): Buffer | undefined {
  const bytes = bytesOf(record);
  const at = bytes.lastIndexOf(TRANSACTION); // near the record's end in the node's field order
  if (at < 0) return undefined;
  const start = at + TRANSACTION.length;
  const end = bytes.indexOf(QUOTE, start);
  return end < 0 ? undefined : bytes.subarray(start, end);
}

function isHex(byte: number): boolean {
  return (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x66) || (byte >= 0x41 && byte <= 0x46);
}
