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
import { onEdgeRuntime } from "@/lib/edge/runtime";

const encoder = new TextEncoder();
/** Each answered row's JSON. The row is frozen first (deeply), so the JSON kept for it cannot go stale. */
const serialized = new WeakMap<object, string>();
/**
 * The last rows answered that began with this row, and the UTF-8 of their JSON array with the answer's closing
 * brace (the rows are placed last): the bytes every answer of those rows ends with.
 */
const pages = new WeakMap<object, { rows: readonly object[]; bytes: Uint8Array }>();
const EMPTY_ROWS = encoder.encode("[]}");
const NON_ASCII = /[\u0080-\uffff]/g;
const HAS_NON_ASCII = /[\u0080-\uffff]/;

/** JSON text with every character outside ASCII written as its \u escape (a pair for an astral one): equal once parsed. */
export function asciiJson(json: string): string {
  // Tested first: an answer's head is ASCII nearly always, and a replace with a callback costs more than the test.
  if (!HAS_NON_ASCII.test(json)) return json;
  return json.replace(NON_ASCII, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

function rowJson(row: object): string {
  let json = serialized.get(row);
  if (json === undefined) serialized.set(deepFreeze(row), (json = asciiJson(JSON.stringify(row))));
  return json;
}

/** The JSON array of `rows` and the closing brace as UTF-8, encoded once for the same row objects in the same order. */
function rowsBytes(rows: readonly object[]): Uint8Array {
  const first = rows[0];
  if (first === undefined) return EMPTY_ROWS;
  const page = pages.get(first);
  if (page && (page.rows === rows || (page.rows.length === rows.length && page.rows.every((row, i) => row === rows[i])))) return page.bytes;
  const bytes = encoder.encode(`[${rows.map(rowJson).join(",")}]}`);
  // A frozen list of rows (the scan's cached pages are) is kept as it is: the next answer of it is known by identity.
  pages.set(first, { rows: Object.isFrozen(rows) ? rows : Object.freeze([...rows]), bytes });
  return bytes;
}

/** `answer` as a JSON response, its `key` array written from its rows' remembered JSON (placed last). */
export function jsonWithRows<T extends Record<K, readonly object[]>, K extends string>(answer: T, key: K): Response {
  const { [key]: rows, ...rest } = answer;
  const head = asciiJson(JSON.stringify(rest));
  const before = encoder.encode(`${head.slice(0, -1)}${head === "{}" ? "" : ","}${JSON.stringify(key)}:`);
  return keptBytesResponse(before, rowsBytes(rows));
}

const JSON_HEADERS = { "Content-Type": "application/json" };

/**
 * The answer's own head, then the kept bytes of its rows. The Streams standard lets a body's consumer take over the
 * buffer of a chunk it is handed, so where the runtime's is not known (the edge), the kept bytes are copied into one
 * fresh buffer per answer, never handed out. On Node, Next writes each chunk to the socket as it is and nothing takes
 * a buffer over: the kept bytes are sent themselves. Without the copy, and without undici copying a byte body once
 * more, an operation answering 132 KB cost a twentieth less server CPU under load (figure 6's cached zones).
 */
export function keptBytesResponse(head: Uint8Array, kept: Uint8Array): Response {
  if (!onEdgeRuntime()) {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(head);
        controller.enqueue(kept);
        controller.close();
      },
    });
    return new Response(body, { headers: JSON_HEADERS });
  }
  const body = new Uint8Array(head.length + kept.length);
  body.set(head);
  body.set(kept, head.length);
  return new Response(body, { headers: JSON_HEADERS });
}
