// The rules as the export writes them: every writable field the platform gave, checked against
// rule-fields.ts, read-only fields dropped, a stable ref on each. A field the export cannot write is
// refused with its path, never dropped: the file must say everything the entry point does.
import { READ_ONLY_RULE_FIELDS, RULE_FIELDS, RULE_REQUIRED, type FieldSpec } from "@/lib/terraform/rule-fields";
import { stableRefs } from "@/lib/terraform/rule-ref";
import { withoutLatestVersion } from "@/lib/terraform/executed-version";
import { ExportRefusal } from "@/lib/terraform/export-refusal";

export { ExportRefusal } from "@/lib/terraform/export-refusal";

export type CleanValue = string | number | boolean | string[] | { [key: string]: string[] } | CleanObject | CleanObject[];
export interface CleanObject {
  [key: string]: CleanValue;
}

export function cleanRules(rules: ReadonlyArray<Record<string, unknown>>): CleanObject[] {
  const sources = rules.map((rule, i) => {
    if (typeof rule.action !== "string" || typeof rule.expression !== "string")
      throw new ExportRefusal(`rules[${i}]`, "a rule needs an action and an expression");
    return { ...rule, action: rule.action, expression: rule.expression } as Parameters<typeof stableRefs>[0][number];
  });
  const refs = stableRefs(sources);
  return rules.map((rule, i) => {
    const writable = Object.fromEntries(
      Object.entries(withoutLatestVersion(rule, `rules[${i}]`)).filter(
        ([key, value]) => !(READ_ONLY_RULE_FIELDS as readonly string[]).includes(key) && !(key === "ref" && value === ""),
      ),
    );
    return cleanObject({ ...writable, ref: refs[i] }, RULE_FIELDS, `rules[${i}]`, RULE_REQUIRED);
  });
}

function cleanObject(value: unknown, fields: Record<string, FieldSpec>, path: string, required?: readonly string[]): CleanObject {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new ExportRefusal(path, "expected an object");
  const entries = Object.entries(value).filter(([, v]) => v !== null && v !== undefined);
  for (const [key] of entries)
    if (!fields[key]) throw new ExportRefusal(`${path}.${key}`, "the export does not write this field; configure it by hand");
  const given = new Map(entries);
  // What the platform's own shape requires (the SDK, 5.x's schema): a part without it cannot be written.
  for (const key of required ?? [])
    if (!given.has(key)) throw new ExportRefusal(`${path}.${key}`, "the platform's shape requires this field and the answer has none");
  const out: CleanObject = {};
  // In the field order of rule-fields.ts, so the file reads the same whatever order the platform answered in.
  for (const [key, spec] of Object.entries(fields)) {
    if (!given.has(key)) continue;
    const clean = cleanValue(given.get(key), spec, `${path}.${key}`);
    // An empty list means none: 5.x refuses one (its lists and maps need at least one item), so none is written.
    if (Array.isArray(clean) ? clean.length === 0 : spec.kind === "idLists" && Object.keys(clean).length === 0) continue;
    out[key] = clean;
  }
  return out;
}

function cleanValue(value: unknown, spec: FieldSpec, path: string): CleanValue {
  switch (spec.kind) {
    case "string":
    case "bool":
    case "number": {
      const type = spec.kind === "bool" ? "boolean" : spec.kind;
      if (typeof value !== type || (type === "number" && !Number.isFinite(value))) throw new ExportRefusal(path, `expected a ${type}`);
      return value as string | number | boolean;
    }
    case "strings":
      if (!Array.isArray(value) || !value.every((v) => typeof v === "string")) throw new ExportRefusal(path, "expected a list of strings");
      return [...(value as string[])];
    case "idLists": {
      if (typeof value !== "object" || value === null || Array.isArray(value))
        throw new ExportRefusal(path, "expected an object of rule id lists");
      const out: Record<string, string[]> = {};
      for (const [key, ids] of Object.entries(value)) {
        // 4.x joins the ids with commas: an id holding one could not be told apart.
        if (!Array.isArray(ids) || !ids.every((id) => typeof id === "string" && !id.includes(",")))
          throw new ExportRefusal(`${path}.${key}`, "expected a list of rule ids");
        out[key] = [...(ids as string[])];
      }
      return out;
    }
    case "object":
      return cleanObject(value, spec.fields, path, spec.required);
    case "objects":
      if (!Array.isArray(value)) throw new ExportRefusal(path, "expected a list");
      return value.map((item, i) => cleanObject(item, spec.fields, `${path}[${i}]`, spec.required));
  }
}
