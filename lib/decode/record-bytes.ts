// What decoding needs to know of a trace record before parsing it: whether it carries a selector at all (noted by
// the record check as it read the node's bytes; otherwise searched in its compact bytes), and its transaction, read
// from its bytes. Only records with a selector are parsed: most of a range's frames have none.
import type { TraceRecord } from "@/lib/gateway/trace-record";

const encoder = new TextEncoder();
const INPUT = encoder.encode('"input":"0x');
const TRANSACTION = encoder.encode('"transactionHash":"');
const QUOTE = 0x22;

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
  const last = bytes.length - pattern.length;
  for (let i = 0; i <= last; i++) if (matchesAt(bytes, pattern, i)) return i;
  return -1;
}

function lastIndexOfBytes(bytes: Uint8Array, pattern: Uint8Array): number {
  for (let i = bytes.length - pattern.length; i >= 0; i--) if (matchesAt(bytes, pattern, i)) return i;
  return -1;
}

function matchesAt(bytes: Uint8Array, pattern: Uint8Array, at: number): boolean {
  for (let j = 0; j < pattern.length; j++) if (bytes[at + j] !== pattern[j]) return false;
  return true;
}

/**
 * The bytes of the record's transaction hash (a view, no copy), or undefined for a block's reward (null or absent).
 * Asked of a chunk's last records as it arrives: searched from the end, where the node writes it.
 */
export function recordTransaction(record: TraceRecord): Uint8Array | undefined {
  const bytes = record.json;
  const at = lastIndexOfBytes(bytes, TRANSACTION);
  if (at < 0) return undefined;
  const start = at + TRANSACTION.length;
  const end = bytes.indexOf(QUOTE, start);
  return end < 0 ? undefined : bytes.subarray(start, end);
}

/** Whether two records' transaction hashes (recordTransaction's) are the same bytes. */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && matchesAt(a, b, 0);
}

function isHex(byte: number): boolean {
  return (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x66) || (byte >= 0x41 && byte <= 0x46);
}
