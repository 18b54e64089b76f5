// The export's fields against the provider's published schema for each syntax (tests/fixtures/terraform,
// from cloudflare/terraform-provider-cloudflare's docs): every attribute and block it writes exists there,
// with the right type and form (4.x blocks, 5.x attributes), none is read-only, every required one is there.
import { describe, expect, it } from "vitest";
import { zoneItems } from "@/lib/terraform/render-zone-file";
import type { BodyItem } from "@/lib/terraform/hcl-writer";
import type { ExportSource } from "@/lib/terraform/export-source";
import { parseHcl, rulesetResource, type Json } from "@/tests/unit/terraform/hcl";
import { fixtureText, providerSchema, providerValidators, type SchemaField, type Validator } from "@/tests/unit/terraform/provider-schema";
import { ENTRYPOINT_ID, liveSource, proposedSources, sensitivitySource, ZONE } from "@/tests/unit/terraform/sources";
import { zoneFile } from "@/lib/terraform/render-zone-file";

type Schema = Map<string, SchemaField>;

/** Problems of one parsed body against the schema, from `scope` down. */
function problems(body: Record<string, Json>, schema: Schema, scope = ""): string[] {
  const out: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    const path = scope ? `${scope}.${key}` : key;
    const field = schema.get(path);
    if (!field) {
      out.push(`${path}: not in the schema`);
      continue;
    }
    if (field.section === "read-only") out.push(`${path}: read-only`);
    const objects = (v: Json) => Array.isArray(v) && v.every((e) => e !== null && typeof e === "object" && !Array.isArray(e));
    const strings = (v: Json) => Array.isArray(v) && v.every((e) => typeof e === "string");
    const type = field.type.replace(/, Max: \d+$/, "");
    const ok =
      type === "String"
        ? typeof value === "string"
        : type === "Boolean"
          ? typeof value === "boolean"
          : type === "Number"
            ? typeof value === "number"
            : type === "Set of String" || type === "List of String"
              ? strings(value)
              : type === "Map of String"
                ? isObject(value) && Object.values(value).every((v) => typeof v === "string")
                : type === "Map of List of String"
                  ? isObject(value) && Object.values(value).every(strings)
                  : type === "Block List" || type === "Attributes List"
                    ? objects(value)
                    : type === "Attributes"
                      ? isObject(value)
                      : false;
    if (!ok) out.push(`${path}: ${JSON.stringify(value).slice(0, 60)} is not a ${field.type}`);
    const nested = type === "Attributes" ? [value] : type === "Block List" || type === "Attributes List" ? (value as Json[]) : [];
    for (const element of nested)
      if (isObject(element)) out.push(...problems(element, schema, path), ...missingRequired(element, schema, path));
  }
  return out;
}

function missingRequired(body: Record<string, Json>, schema: Schema, scope: string): string[] {
  const prefix = scope ? `${scope}.` : "";
  return [...schema.values()]
    .filter((f) => f.section === "required" && f.path.startsWith(prefix) && !f.path.slice(prefix.length).includes("."))
    .filter((f) => !(f.path.slice(prefix.length) in body))
    .map((f) => `${f.path}: required, missing`);
}

function isObject(value: Json): value is Record<string, Json> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** Block or attribute, as the writer wrote each field of the resource (the parsed JSON cannot tell). */
function forms(items: readonly BodyItem[], scope: string, out: Array<{ path: string; form: "block" | "attribute" }>) {
  for (const item of items) {
    if (item.type !== "block" && item.type !== "attribute") continue;
    const path = scope ? `${scope}.${item.name}` : item.name;
    out.push({ path, form: item.type });
    if (item.type === "block") forms(item.body, path, out);
  }
  return out;
}

const SOURCES: Array<{ name: string; source: ExportSource }> = [
  ...proposedSources(),
  { name: "live", source: liveSource() },
  { name: "category sensitivity levels", source: sensitivitySource() },
];

/** Every value written at a path of the resource, with the rule it is in (4.x blocks and 5.x lists flattened). */
function valuesAt(body: Record<string, Json>, path: string): Array<{ value: Json; rule: Record<string, Json>; count: number }> {
  const out: Array<{ value: Json; rule: Record<string, Json>; count: number }> = [];
  const walk = (value: Json, rest: string[], rule: Record<string, Json>) => {
    if (rest.length === 0) {
      out.push({ value, rule, count: Array.isArray(value) ? value.length : 1 });
      return;
    }
    for (const element of Array.isArray(value) ? value : [value])
      if (isObject(element) && rest[0]! in element) walk(element[rest[0]!]!, rest.slice(1), rule);
  };
  for (const rule of (body.rules as Json[] | undefined) ?? []) if (isObject(rule)) walk(rule, path.split(".").slice(1), rule);
  return out;
}

/** What breaks one validator of schema.go in the written resource. */
function broken(body: Record<string, Json>, v: Validator): string[] {
  const [parent, field] = [v.path.split(".").slice(0, -1).join("."), v.path.split(".").at(-1)!];
  const objects = (at: string) =>
    (at === "rules"
      ? ((body.rules as Json[] | undefined) ?? [])
      : valuesAt(body, at).flatMap(({ value }) => (Array.isArray(value) ? value : [value]))
    ).filter(isObject);
  switch (v.validator) {
    case "AtLeastOneOf":
      return objects(parent)
        .filter((o) => ![field, ...v.args].some((k) => k in o))
        .map((o) => `${parent}: sets none of ${[field, ...v.args].join(", ")} (${JSON.stringify(o).slice(0, 80)})`);
    case "AlsoRequires":
      return objects(v.path)
        .filter((o) => !v.args.every((k) => k in o))
        .map(() => `${v.path}: lacks ${v.args.join(", ")}`);
    case "Required":
      return objects(parent)
        .filter((o) => !(field in o))
        .map(() => `${v.path}: required, missing`);
    case "SizeAtLeast":
      return valuesAt(body, v.path)
        .filter(({ value }) => (Array.isArray(value) ? value.length : isObject(value) ? Object.keys(value).length : 1) < 1)
        .map(() => `${v.path}: empty`);
    case "SizeAtMost":
      return valuesAt(body, v.path)
        .filter(({ count }) => count > Number(v.args[0]))
        .map(({ count }) => `${v.path}: ${count} blocks`);
    case "RequiresAction":
      return valuesAt(body, v.path)
        .filter(({ rule }) => rule.action !== v.args[0])
        .map(({ rule }) => `${v.path}: written on a rule whose action is ${String(rule.action)}`);
    case "LengthAtLeast":
      return valuesAt(body, v.path)
        .filter(({ value }) => typeof value !== "string" || value.length < Number(v.args[0]))
        .map(() => `${v.path}: too short`);
    case "RegexMatches":
      return valuesAt(body, v.path)
        .filter(({ value }) => typeof value !== "string" || !new RegExp(v.args[0]!).test(value))
        .map(({ value }) => `${v.path}: ${JSON.stringify(value)} does not match ${v.args[0]}`);
    default:
      return [`${v.path}: validator ${v.validator} is not checked by this test`];
  }
}

describe.each(["v4", "v5"] as const)("the export against the provider's published schema, syntax %s", (syntax) => {
  const resourceSchema = providerSchema(syntax, "resource-ruleset.md");

  it("reads the fixture: the resource's fields, with read-only ones marked", () => {
    expect(resourceSchema.get("rules")?.type).toBe(syntax === "v4" ? "Block List" : "Attributes List");
    expect(resourceSchema.get("rules.action_parameters.overrides.categories.category")?.section).toBe(
      syntax === "v4" ? "optional" : "required",
    );
    expect(resourceSchema.get("rules.id")?.section).toBe("read-only");
    if (syntax === "v5") expect(["version", "last_updated"].map((f) => resourceSchema.get(f)?.section)).toEqual(["read-only", "read-only"]);
  });

  it("writes only fields of the schema, none read-only, every required one, of the schema's type", async () => {
    for (const { name, source } of SOURCES) {
      const { body } = rulesetResource(await parseHcl(zoneFile(source, syntax)));
      expect([...problems(body, resourceSchema), ...missingRequired(body, resourceSchema, "")], name).toEqual([]);
    }
  });

  it("writes nested objects as blocks in 4.x and as attributes in 5.x, as the schema declares them", () => {
    for (const { name, source } of SOURCES) {
      const resource = zoneItems(source, syntax).find((item) => item.type === "block" && item.name === "resource");
      const written = forms(resource && resource.type === "block" ? resource.body : [], "", []);
      const wrong = written.filter(
        ({ path, form }) => (resourceSchema.get(path)?.type.startsWith("Block") ? "block" : "attribute") !== form,
      );
      expect(wrong, name).toEqual([]);
      if (syntax === "v4")
        expect(written.filter((w) => w.form === "block").map((w) => w.path)).toContain("rules.action_parameters.overrides.categories");
    }
  });

  it("has no attribute for an executed ruleset's version, and 4.x none for a category's sensitivity level", () => {
    expect(resourceSchema.has("rules.action_parameters.version")).toBe(false);
    expect(resourceSchema.has("rules.action_parameters.id")).toBe(true);
    expect(resourceSchema.has("rules.action_parameters.overrides.categories.sensitivity_level")).toBe(syntax === "v5");
    expect(resourceSchema.has("rules.action_parameters.overrides.rules.sensitivity_level")).toBe(true);
  });

  it("meets every validator schema.go puts on what it writes (5.x AtLeastOneOf, 4.x one block at most)", async () => {
    const validators = providerValidators(syntax);
    expect(validators.length).toBeGreaterThan(syntax === "v5" ? 20 : 4);
    if (syntax === "v5")
      expect(validators).toContainEqual({
        path: "rules.action_parameters.overrides.rules.action",
        validator: "AtLeastOneOf",
        args: ["enabled", "score_threshold", "sensitivity_level"],
      });
    // The check itself finds what breaks them: an override that sets nothing, two logging blocks.
    const wrong: Record<string, Json> = {
      rules: [
        { action: "skip", expression: "true", logging: [{ enabled: true }, { enabled: false }] },
        {
          action: "execute",
          expression: "true",
          action_parameters: { id: "a".repeat(32), overrides: { categories: [{ category: "x" }] } },
        },
      ],
    };
    expect(validators.flatMap((v) => broken(wrong, v)).length, "a body breaking the validators").toBeGreaterThan(0);
    for (const { name, source } of SOURCES) {
      const { body } = rulesetResource(await parseHcl(zoneFile(source, syntax)));
      expect(
        validators.flatMap((v) => broken(body, v)),
        name,
      ).toEqual([]);
    }
  });

  it("looks the entry point up with the data source's own fields", async () => {
    const dataSchema = providerSchema(syntax, "data-source-rulesets.md");
    const parsed = await parseHcl(zoneFile(proposedSources().find((s) => s.source.entrypoint === null)!.source, syntax));
    const data = Object.values((parsed.data as Record<string, Record<string, Json[]>>).cloudflare_rulesets!)[0]![0] as Record<string, Json>;
    expect(problems(data, dataSchema)).toEqual([]);
    // What the import reads from it is the data source's output.
    expect(dataSchema.get("rulesets.id")?.section).toBe("read-only");
  });

  it("writes the import ID as the provider documents it", async () => {
    const documented = fixtureText(syntax, "import.sh");
    const pattern = syntax === "v4" ? "zone/<zone_id>/<ruleset_id>" : "<{accounts|zones}/{account_id|zone_id}>/<ruleset_id>";
    expect(documented).toContain(pattern);
    const expected = syntax === "v4" ? `zone/${ZONE.id}/${ENTRYPOINT_ID}` : `zones/${ZONE.id}/${ENTRYPOINT_ID}`;
    const parsed = await parseHcl(zoneFile(liveSource(), syntax));
    expect((parsed.import as Array<Record<string, string>>)[0]!.id).toBe(expected);
  });
});
