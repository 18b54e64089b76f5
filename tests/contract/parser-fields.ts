// The fields a zod parser reads, as contract paths (`ssl.method`, `certificates[].id`), and whether each is
// required where its parent is present: read from the parser itself, so the contract's lists can be checked.
import type { z } from "zod";

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  options?: z.ZodType[];
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The object schemas a schema stands for, under its wrappers (optional, nullable, default, catch, pipe, union). */
function objectsOf(schema: z.ZodType): Array<{ shape: Record<string, z.ZodType> } | { element: z.ZodType }> {
  const def = defOf(schema);
  if (def.type === "object") return [{ shape: def.shape! }];
  if (def.type === "array") return [{ element: def.element! }];
  if (def.type === "pipe") return objectsOf(def.in!);
  if (def.type === "union") return def.options!.flatMap(objectsOf);
  if (def.innerType) return objectsOf(def.innerType);
  return [];
}

/** Every field path the parser reads, with `required`: the field's own schema refuses `undefined`. */
export function parserFields(schema: z.ZodType, prefix = ""): Map<string, { required: boolean }> {
  const fields = new Map<string, { required: boolean }>();
  for (const part of objectsOf(schema)) {
    if ("element" in part) {
      for (const [path, field] of parserFields(part.element, `${prefix}[]`)) fields.set(path, field);
      continue;
    }
    for (const [key, child] of Object.entries(part.shape)) {
      const path = prefix ? `${prefix}.${key}` : key;
      fields.set(path, { required: !child.safeParse(undefined).success });
      for (const [inner, field] of parserFields(child, path)) fields.set(inner, field);
    }
  }
  return fields;
}

/** The answer without the field at `path` (in every element of a list on the way); whether it was there. */
export function without(value: unknown, path: string): { value: unknown; found: boolean } {
  const [head, ...rest] = path.split(".");
  const list = head!.endsWith("[]");
  const key = list ? head!.slice(0, -2) : head!;
  if (!value || typeof value !== "object" || Array.isArray(value) || !(key in value)) return { value, found: false };
  const record = value as Record<string, unknown>;
  if (rest.length === 0 && !list) {
    const { [key]: _removed, ...others } = record;
    return { value: others, found: true };
  }
  const inner = rest.join(".");
  if (list) {
    if (!Array.isArray(record[key])) return { value, found: false };
    const items = (record[key] as unknown[]).map((item) => without(item, inner));
    return { value: { ...record, [key]: items.map((i) => i.value) }, found: items.some((i) => i.found) };
  }
  const nested = without(record[key], inner);
  return { value: { ...record, [key]: nested.value }, found: nested.found };
}
