// Answers built from the real schema alone: its own `example` values where it has them, else the first enum
// value or a plain value of the type. `minimal` keeps only the properties the schema requires, so a parser
// is tried on "every optional field absent"; `branch` chooses among oneOf/anyOf alternatives by path.
import { resolveRef } from "@/tests/contract/contract";

type Schema = Record<string, unknown>;

export interface ExampleOptions {
  /** Only the properties the schema requires. */
  minimal?: boolean;
  /** For an array whose items are alternatives: one item of each alternative (else only the first). */
  everyBranch?: boolean;
  /** Which alternative to take, by a test on the alternative's resolved schema (first match wins). */
  prefer?: (alternative: Schema) => boolean;
}

export function exampleOf(document: object, schema: Schema, options: ExampleOptions = {}, depth = 0): unknown {
  if (depth > 24) return undefined;
  const s = resolved(document, schema);
  if (s.example !== undefined && !options.minimal && !isComposite(s)) return structuredClone(s.example);
  // anyOf: a value that satisfies every alternative satisfies it (the 2024 old-WAF lists use anyOf for allOf).
  if (s.anyOf) return merged(document, { ...s, allOf: s.anyOf, anyOf: undefined }, options, depth);
  const alternatives = (s.oneOf ?? s.anyOf) as Schema[] | undefined;
  if (alternatives) return exampleOf(document, pick(document, alternatives, options), options, depth + 1);
  if (s.allOf) return merged(document, s, options, depth);
  if (Array.isArray(s.enum)) return s.enum.find((v) => v !== null) ?? s.enum[0];
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== "null") : s.type;
  if (type === "object" || s.properties) return objectOf(document, s, options, depth);
  if (type === "array") {
    const items = resolved(document, (s.items ?? {}) as Schema);
    const alts = (items.oneOf ?? items.anyOf) as Schema[] | undefined;
    const chosen = alts && options.everyBranch ? alts.filter((a) => !options.prefer || options.prefer(resolved(document, a))) : [items];
    return chosen.map((item) => exampleOf(document, item, options, depth + 1));
  }
  if (s.example !== undefined) return structuredClone(s.example);
  if (type === "string") return s.format === "date-time" ? "2014-01-01T05:20:00Z" : "x".repeat(Math.max(1, Number(s.minLength ?? 1)));
  if (type === "number" || type === "integer") return Number(s.minimum ?? 1);
  if (type === "boolean") return true;
  if (s.nullable) return null;
  return type ? {} : undefined; // an annotation-only part (e.g. `{readOnly: true}` in an allOf) adds nothing
}

function resolved(document: object, schema: Schema): Schema {
  let s = schema;
  for (let i = 0; typeof s.$ref === "string" && i < 20; i++) s = resolveRef<Schema>(document, s.$ref);
  return s;
}

const isComposite = (s: Schema) => Boolean(s.allOf || s.oneOf || s.anyOf || s.properties);

function pick(document: object, alternatives: Schema[], options: ExampleOptions): Schema {
  return (options.prefer && alternatives.find((a) => options.prefer!(resolved(document, a)))) || alternatives[0]!;
}

function objectOf(document: object, s: Schema, options: ExampleOptions, depth: number): Record<string, unknown> {
  const required = new Set((s.required as string[] | undefined) ?? []);
  const out: Record<string, unknown> = {};
  const example = (s.example ?? {}) as Record<string, unknown>;
  for (const [name, property] of Object.entries((s.properties ?? {}) as Record<string, Schema>)) {
    if (options.minimal && !required.has(name)) continue;
    const value = name in example && !options.minimal ? structuredClone(example[name]) : exampleOf(document, property, options, depth + 1);
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/** allOf: each part's example merged; `required` of every part applies to the whole. */
function merged(document: object, s: Schema, options: ExampleOptions, depth: number): unknown {
  const parts = (s.allOf as Schema[]).map((p) => resolved(document, p));
  const required = parts.flatMap((p) => (p.required as string[] | undefined) ?? []).concat((s.required as string[] | undefined) ?? []);
  const own: Schema = { ...s, allOf: undefined };
  let out: unknown = undefined;
  for (const part of [...parts, ...(s.properties ? [own] : [])]) {
    const withRequired = { ...part, required: [...new Set([...((part.required as string[]) ?? []), ...required])] };
    const value = exampleOf(document, withRequired, options, depth + 1);
    out = isPlainObject(out) && isPlainObject(value) ? deepMerge(out, value) : (value ?? out);
  }
  return out;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function deepMerge(a: Record<string, unknown>, b: Record<string, unknown>): Record<string, unknown> {
  const out = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = isPlainObject(out[k]) && isPlainObject(v) ? deepMerge(out[k], v) : v;
  return out;
}
