// Checks one JSON value's bytes against a plan (record-plan.ts) without decoding or parsing it: the
// quick road for a node's trace records. It reads exact JSON, compact (no whitespace), and answers
// where the value ends, NEED_MORE when the bytes stop first, or UNSURE for anything it cannot prove
// (a bad record, an escape in a key, a float, whitespace…): the caller then asks JSON.parse and zod.
import { ANY_PLAN, UNSURE_PLAN, type Field, type Plan } from "./record-plan";

export const NEED_MORE = -1;
export const UNSURE = -2;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const MINUS = 0x2d;
const ZERO = 0x30;
const NINE = 0x39;
/** Nesting deeper than this inside a value of any shape is left to JSON.parse (no deep recursion here). */
const MAX_DEPTH = 64;
/** 15 digits are always a safe integer. */
const MAX_DIGITS = 15;

const HEX = new Uint8Array(256);
for (const c of "0123456789abcdefABCDEF") HEX[c.charCodeAt(0)] = 1;
/** Bytes after a backslash that JSON allows (`u` is followed by 4 hex digits). */
const ESCAPES = new Uint8Array(256);
for (const c of '"\\/bfnrtu') ESCAPES[c.charCodeAt(0)] = 1;
const LITERALS = ["true", "false", "null"].map((word) => Uint8Array.from(word, (c) => c.charCodeAt(0)));

/**
 * What the plans marked to capture read in the last record: `value`, its integer marked `capture` (the block
 * number); `hasSelector`, whether its hex string marked `captureSelector` (the input) began with one. The caller resets them.
 */
export const captured = { value: -1, hasSelector: false };

/** Where the value starting at b[i] ends (exclusive), or NEED_MORE / UNSURE. */
export function checkValue(b: Uint8Array, i: number, end: number, plan: Plan, depth = 0): number {
  if (i >= end) return NEED_MORE;
  const c = b[i]!;
  if (c === 0x6e /* n */) return plan.nullable ? literal(b, i, end, LITERALS[2]!) : UNSURE;
  switch (plan.kind) {
    case "object":
      return c === OPEN_BRACE ? object(b, i, end, plan, depth) : UNSURE;
    case "array":
      if (c !== OPEN_BRACKET) return UNSURE;
      return array(b, i, end, plan.element, depth);
    case "string":
      if (c !== QUOTE) return UNSURE;
      if (!plan.hex) return string(b, i, end);
      if (!plan.captureSelector) return hexString(b, i, end);
      return selectorString(b, i, end);
    case "integer":
      return integer(b, i, end, plan.nonNegative, plan.capture === true);
    case "any":
      return anyValue(b, i, end, depth);
    default:
      return UNSURE;
  }
}

function object(b: Uint8Array, i: number, end: number, plan: Extract<Plan, { kind: "object" }>, depth: number): number {
  if (depth >= MAX_DEPTH) return UNSURE;
  let seen = 0;
  // A node writes its records' keys in one order: the key that came next last time is tried first, by comparing its
  // bytes, before the key is scanned for its end and looked up. Only a hint: a wrong guess costs the lookup.
  let previous: Field | undefined;
  let guess = plan.first;
  const firstKeyAt = i + 2;
  i++;
  if (i >= end) return NEED_MORE;
  if (b[i] === CLOSE_BRACE) return plan.requiredMask === 0 ? i + 1 : UNSURE;
  for (;;) {
    if (i >= end) return NEED_MORE;
    if (b[i] !== QUOTE) return UNSURE;
    const keyStart = i + 1;
    let field: Field | undefined;
    if (guess !== undefined && isKeyAt(b, keyStart, end, guess.key)) {
      field = guess;
      i = keyStart + guess.key.length + 1;
    } else {
      let k = keyStart;
      for (; k < end; k++) {
        const byte = b[k]!;
        if (byte === QUOTE || byte === BACKSLASH || byte < 0x20) break;
      }
      if (k >= end) return NEED_MORE;
      if (b[k] === QUOTE) {
        field = findField(plan, b, keyStart, k);
        i = k + 1;
      } else {
        // An escaped key may spell a known one: zod decides, unless the object has no known keys.
        if (plan.fields.size > 0 || !plan.otherKeys) return UNSURE;
        i = string(b, i, end);
        if (i < 0) return i;
      }
      if (field !== undefined) {
        if (previous !== undefined) previous.next = field;
        else if (keyStart === firstKeyAt) plan.first = field;
      }
    }
    if (i >= end) return NEED_MORE;
    if (b[i] !== COLON) return UNSURE;
    i = checkValue(b, i + 1, end, field ? field.plan : plan.otherKeys ? ANY_PLAN : UNSURE_PLAN, depth + 1);
    if (i < 0) return i;
    if (field) seen |= field.bit;
    previous = field;
    guess = field?.next;
    if (i >= end) return NEED_MORE;
    const next = b[i];
    if (next === CLOSE_BRACE) return seen === plan.requiredMask ? i + 1 : UNSURE;
    if (next !== COMMA) return UNSURE;
    i++;
  }
}

/** The key's bytes at `start`, then its closing quote. */
function isKeyAt(b: Uint8Array, start: number, end: number, key: Uint8Array): boolean {
  const close = start + key.length;
  if (close >= end || b[close] !== QUOTE) return false;
  for (let j = 0; j < key.length; j++) if (b[start + j] !== key[j]) return false;
  return true;
}

function findField(plan: Extract<Plan, { kind: "object" }>, b: Uint8Array, start: number, end: number) {
  const candidates = plan.byLength[end - start];
  if (!candidates) return undefined;
  outer: for (const field of candidates) {
    const key = field.key;
    for (let j = 0; j < key.length; j++) if (b[start + j] !== key[j]) continue outer;
    return field;
  }
  return undefined;
}

function array(b: Uint8Array, i: number, end: number, element: Plan, depth: number): number {
  if (depth >= MAX_DEPTH) return UNSURE;
  i++;
  if (i >= end) return NEED_MORE;
  if (b[i] === CLOSE_BRACKET) return i + 1;
  for (;;) {
    i = checkValue(b, i, end, element, depth + 1);
    if (i < 0) return i;
    if (i >= end) return NEED_MORE;
    const next = b[i];
    if (next === CLOSE_BRACKET) return i + 1;
    if (next !== COMMA) return UNSURE;
    i++;
  }
}

/** "0x" and hex digits, nothing else (no escape can be needed in one). */
function hexString(b: Uint8Array, i: number, end: number): number {
  if (i + 3 > end) return NEED_MORE;
  if (b[i + 1] !== ZERO || b[i + 2] !== 0x78 /* x */) return UNSURE;
  let j = i + 3;
  // Four bytes a step while four remain (most of a range's bytes are hex): a quarter of the bounds checks.
  while (j + 4 <= end && (HEX[b[j]!]! & HEX[b[j + 1]!]! & HEX[b[j + 2]!]! & HEX[b[j + 3]!]!) === 1) j += 4;
  while (j < end && HEX[b[j]!] === 1) j++;
  if (j >= end) return NEED_MORE;
  return b[j] === QUOTE ? j + 1 : UNSURE;
}

/** A hex string, noting whether it begins with a selector ("0x" and at least 8 hex digits): decoding reads only those. */
function selectorString(b: Uint8Array, i: number, end: number): number {
  const after = hexString(b, i, end);
  // The digits lie between "0x" (from i + 3) and the closing quote (at after - 1).
  if (after >= 0) captured.hasSelector = after - 1 - (i + 3) >= 8;
  return after;
}

/** Any JSON string: no control character, valid escapes; bytes over 0x7f pass as they are. */
function string(b: Uint8Array, i: number, end: number): number {
  for (let j = i + 1; j < end; j++) {
    const c = b[j]!;
    if (c === QUOTE) return j + 1;
    if (c < 0x20) return UNSURE;
    if (c === BACKSLASH) {
      if (j + 1 >= end) return NEED_MORE;
      const e = b[j + 1]!;
      if (ESCAPES[e] !== 1) return UNSURE;
      if (e === 0x75 /* u */) {
        if (j + 6 > end) return NEED_MORE;
        for (let h = j + 2; h < j + 6; h++) if (HEX[b[h]!] !== 1) return UNSURE;
        j += 5;
      } else {
        j++;
      }
    }
  }
  return NEED_MORE;
}

/** Digits only, no leading zero, at most 15 of them; "-" only when negatives are allowed. */
function integer(b: Uint8Array, i: number, end: number, nonNegative: boolean, capture: boolean): number {
  let j = i;
  const negative = b[j] === MINUS;
  if (negative) {
    if (nonNegative) return UNSURE;
    j++;
  }
  const first = j;
  let value = 0;
  for (; j < end; j++) {
    const c = b[j]!;
    if (c < ZERO || c > NINE) break;
    value = value * 10 + (c - ZERO);
  }
  if (j >= end) return NEED_MORE; // a number ends only at the byte after it
  const digits = j - first;
  if (digits === 0 || digits > MAX_DIGITS || (b[first] === ZERO && digits > 1)) return UNSURE;
  const after = b[j];
  if (after !== COMMA && after !== CLOSE_BRACE && after !== CLOSE_BRACKET) return UNSURE; // a fraction, exponent or space
  if (capture) captured.value = negative ? -value : value;
  return j;
}

function literal(b: Uint8Array, i: number, end: number, word: Uint8Array): number {
  for (let j = 0; j < word.length; j++) {
    if (i + j >= end) return NEED_MORE;
    if (b[i + j] !== word[j]) return UNSURE;
  }
  return i + word.length;
}

/** Any JSON value, as JSON.parse would take it (numbers by the full grammar). */
function anyValue(b: Uint8Array, i: number, end: number, depth: number): number {
  const c = b[i]!;
  if (c === OPEN_BRACE) return object(b, i, end, ANY_OBJECT, depth);
  if (c === OPEN_BRACKET) return array(b, i, end, ANY_PLAN, depth);
  if (c === QUOTE) return string(b, i, end);
  if (c === 0x74 /* t */) return literal(b, i, end, LITERALS[0]!);
  if (c === 0x66 /* f */) return literal(b, i, end, LITERALS[1]!);
  return c === MINUS || (c >= ZERO && c <= NINE) ? number(b, i, end) : UNSURE;
}

const ANY_OBJECT: Extract<Plan, { kind: "object" }> = {
  kind: "object",
  fields: new Map(),
  byLength: [],
  requiredMask: 0,
  otherKeys: true,
  nullable: false,
  first: undefined,
};

/** -?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)? followed by the byte that ends it. */
function number(b: Uint8Array, i: number, end: number): number {
  let j = i;
  if (b[j] === MINUS) j++;
  const digits = (from: number) => {
    let k = from;
    while (k < end && b[k]! >= ZERO && b[k]! <= NINE) k++;
    return k;
  };
  if (j >= end) return NEED_MORE;
  if (b[j] === ZERO) j++;
  else {
    const k = digits(j);
    if (k === j) return UNSURE;
    j = k;
  }
  if (j < end && b[j] === 0x2e /* . */) {
    const k = digits(j + 1);
    if (k === j + 1) return k >= end ? NEED_MORE : UNSURE;
    j = k;
  }
  if (j < end && (b[j] === 0x65 || b[j] === 0x45) /* e E */) {
    j++;
    if (j < end && (b[j] === 0x2b || b[j] === MINUS)) j++;
    const k = digits(j);
    if (k === j) return k >= end ? NEED_MORE : UNSURE;
    j = k;
  }
  if (j >= end) return NEED_MORE;
  const after = b[j];
  return after === COMMA || after === CLOSE_BRACE || after === CLOSE_BRACKET ? j : UNSURE;
}
