// An answer made mostly of rows the server keeps between requests (the cached zone rows). Each row is
// serialized once, and each page of rows encoded to UTF-8 once: an answer is its small head's bytes
// around them. Under load (figure 6 of `npm run bench`, CPU and heap profiles of `next start`), building
// the JSON string of 100 rows on every answer, then undici's well-formedness pass over it and its UTF-8
// encoding, were a fifth of the server's time, and those strings were 60 % of the bytes it allocated:
// alive while 50 connections waited, they were promoted and left to major GCs of the heap holding 5,000
// zones' evidence. The JSON is written in ASCII (other characters as \u escapes: the same JSON value), so
// that a client decodes it on its fast path: the "→" of most rows made a 117 KB answer cost the load tool
// 2 to 4 times the CPU of an ASCII one of the same size. Same value as Response.json.
import { deepFreeze } from "@/lib/deep-freeze";

const encoder = new TextEncoder();
/** Each answered row's JSON. The row is frozen first (deeply), so the JSON kept for it cannot go stale. */
const serialized = new WeakMap<object, string>();
/** The last rows answered that began with this row, and the UTF-8 of their JSON array (module-private, never handed out). */
const pages = new WeakMap<object, { rows: readonly object[]; bytes: Uint8Array }>();
const EMPTY_ROWS = encoder.encode("[]");
const CLOSING_BRACE = 0x7d;
const NON_ASCII = /[\u0080-\uffff]/g;

/** JSON text with every character outside ASCII written as its \u escape (a pair for an astral one): equal once parsed. */
export function asciiJson(json: string): string {
  return json.replace(NON_ASCII, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

function rowJson(row: object): string {
  let json = serialized.get(row);
  if (json === undefined) serialized.set(deepFreeze(row), (json = asciiJson(JSON.stringify(row))));
  return json;
}

/** The JSON array of `rows` as UTF-8, encoded once for the same row objects in the same order. */
function rowsBytes(rows: readonly object[]): Uint8Array {
  const first = rows[0];
  if (first === undefined) return EMPTY_ROWS;
  const page = pages.get(first);
  if (page && page.rows.length === rows.length && page.rows.every((row, i) => row === rows[i])) return page.bytes;
  const bytes = encoder.encode(`[${rows.map(rowJson).join(",")}]`);
  pages.set(first, { rows: Object.freeze([...rows]), bytes });
  return bytes;
}

/** `answer` as a JSON response, its `key` array written from its rows' remembered JSON (placed last). */
export function jsonWithRows<T extends Record<K, object[]>, K extends string>(answer: T, key: K): Response {
  const { [key]: rows, ...rest } = answer;
  const head = asciiJson(JSON.stringify(rest));
  const before = encoder.encode(`${head.slice(0, -1)}${head === "{}" ? "" : ","}${JSON.stringify(key)}:`);
  const list = rowsBytes(rows);
  // One fresh buffer per answer: the kept bytes are copied into it, never sent (or detached) themselves.
  const body = new Uint8Array(before.length + list.length + 1);
  body.set(before);
  body.set(list, before.length);
  body[body.length - 1] = CLOSING_BRACE;
  return new Response(body, { headers: { "Content-Type": "application/json" } });
}
