// The export's fields against the provider's published schema for each syntax (tests/fixtures/terraform,
// from cloudflare/terraform-provider-cloudflare's docs): every attribute and block it writes exists there,
// with the right type and form (4.x blocks, 5.x attributes), none is read-only, every required one is there.
import { describe, expect, it } from "vitest";
import { zoneItems } from "@/lib/terraform/zone-file";
import type { BodyItem } from "@/lib/terraform/hcl-writer";
import type { ExportSource } from "@/lib/terraform/export-source";
import { parseHcl, rulesetResource, type Json } from "@/tests/unit/terraform/hcl";
import { fixtureText, providerSchema, type SchemaField } from "@/tests/unit/terraform/provider-schema";
import { ENTRYPOINT_ID, liveSource, proposedSources, ZONE } from "@/tests/unit/terraform/sources";
import { zoneFile } from "@/lib/terraform/zone-file";

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

const SOURCES: Array<{ name: string; source: ExportSource }> = [...proposedSources(), { name: "live", source: liveSource() }];

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
