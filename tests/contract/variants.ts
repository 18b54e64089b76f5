// The shapes a real answer can take, from its schema: the full example, only the required fields,
// extra fields Preflight has never seen, and enum values it does not know (the platform adds them).
import type { OpenApiDocument } from "@/tests/contract/contract";
import { resolveRef } from "@/tests/contract/contract";
import { exampleOf, type ExampleOptions } from "@/tests/contract/example";

type Schema = Record<string, unknown>;

/** The schema of `result` in an operation's 200 envelope (its items for a list). */
export function resultSchemaOf(document: OpenApiDocument, path: string, method = "get"): { schema: Schema; list: boolean } {
  let response = document.paths[path]![method]!.responses["200"] as Schema;
  if (typeof response.$ref === "string") response = resolveRef(document, response.$ref);
  const envelope = (response.content as Record<string, { schema: Schema }>)["application/json"]!.schema;
  let result: Schema | undefined;
  const visit = (s: Schema) => {
    const r = typeof s.$ref === "string" ? resolveRef<Schema>(document, s.$ref) : s;
    for (const part of [...((r.allOf as Schema[]) ?? []), ...((r.anyOf as Schema[]) ?? [])]) visit(part);
    const own = (r.properties as Record<string, Schema> | undefined)?.result;
    if (own && (own.type || own.items || own.$ref || own.allOf || own.properties)) result = own;
  };
  visit(envelope);
  if (!result) throw new Error(`no result schema for ${method} ${path}`);
  const resolved = typeof result.$ref === "string" ? resolveRef<Schema>(document, result.$ref) : result;
  return resolved.type === "array" ? { schema: resolved.items as Schema, list: true } : { schema: resolved, list: false };
}

/** Property names whose schema is a string enum, anywhere under `schema`. */
export function enumProperties(document: object, schema: Schema, seen = new Set<Schema>(), names = new Set<string>()): Set<string> {
  const s = typeof schema.$ref === "string" ? resolveRef<Schema>(document, schema.$ref) : schema;
  if (seen.has(s)) return names;
  seen.add(s);
  for (const [name, property] of Object.entries((s.properties ?? {}) as Record<string, Schema>)) {
    const p = typeof property.$ref === "string" ? resolveRef<Schema>(document, property.$ref) : property;
    if (Array.isArray(p.enum) && p.enum.every((v) => typeof v === "string")) names.add(name);
    enumProperties(document, property, seen, names);
  }
  for (const key of ["allOf", "anyOf", "oneOf"]) for (const part of (s[key] as Schema[]) ?? []) enumProperties(document, part, seen, names);
  if (s.items) enumProperties(document, s.items as Schema, seen, names);
  return names;
}

export interface Variant {
  label: string;
  value: unknown;
}

export function variantsOf(document: OpenApiDocument, schema: Schema, options: ExampleOptions = {}): Variant[] {
  const full = exampleOf(document, schema, options);
  const enums = enumProperties(document, schema);
  return [
    { label: "the schema's example", value: full },
    { label: "optional fields absent", value: exampleOf(document, schema, { ...options, minimal: true }) },
    { label: "extra fields", value: deepMap(full, (o) => ({ ...o, field_added_later: { nested: [1, "x"] } })) },
    { label: `unknown values of ${[...enums].join(", ") || "(no enums)"}`, value: deepMap(full, (o) => renameEnums(o, enums)) },
  ];
}

function renameEnums(o: Record<string, unknown>, enums: Set<string>): Record<string, unknown> {
  const out = { ...o };
  for (const key of Object.keys(out)) if (enums.has(key) && typeof out[key] === "string") out[key] = "value_added_later";
  return out;
}

function deepMap(value: unknown, f: (o: Record<string, unknown>) => Record<string, unknown>): unknown {
  if (Array.isArray(value)) return value.map((v) => deepMap(v, f));
  if (value && typeof value === "object") {
    const mapped = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, deepMap(v, f)]));
    return f(mapped);
  }
  return value;
}
