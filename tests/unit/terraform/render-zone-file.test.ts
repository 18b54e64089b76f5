// One zone's export read back with a real HCL parser, for both provider syntaxes: it parses, the resource
// equals the configuration it came from (proposed and live, hostile strings included), it imports the
// zone's own entry point in each major's import ID format, and it names every id in words.
import { describe, expect, it } from "vitest";
import { HOSTILE } from "@/lib/dev/sandbox/seed-hostile";
import { derivedRef } from "@/lib/terraform/rule-ref";
import { zoneFile } from "@/lib/terraform/render-zone-file";
import type { ExportSource } from "@/lib/terraform/export-source";
import { decodeAll, parseHcl, platformRule, rulesetResource, writableRule, type Json } from "@/tests/unit/terraform/hcl";
import {
  ENTRYPOINT_ID,
  HOSTILE_TEXT,
  liveSource,
  MANAGED,
  OWASP,
  proposedSources,
  SCORE_RULE,
  sensitivitySource,
  ZONE,
} from "@/tests/unit/terraform/sources";

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const SYNTAXES = ["v4", "v5"] as const;

/** The file parsed: its resource in the platform's shape, its import blocks and data sources. */
async function readBack(source: ExportSource, syntax: "v4" | "v5") {
  const parsed = await parseHcl(zoneFile(source, syntax));
  const { label, body } = rulesetResource(parsed);
  const rules = ((body.rules as Json[] | undefined) ?? []).map((rule) => platformRule(rule as Record<string, Json>, syntax));
  return { parsed, label, body: decodeAll(body) as Record<string, Json>, rules, imports: parsed.import as Array<Record<string, string>> };
}

/** The source's rules as the file must hold them, and the refs apart (checked on their own). */
function expectSameRules(rules: Array<Record<string, Json>>, source: ExportSource) {
  const withoutRef = ({ ref: _ref, ...rest }: Record<string, Json>) => rest;
  expect(rules.map(withoutRef)).toEqual(source.ruleset.rules.map((rule) => withoutRef(writableRule(rule))));
  const refs = rules.map((rule) => rule.ref);
  expect(refs.every((ref) => typeof ref === "string" && ref !== "")).toBe(true);
  expect(new Set(refs).size).toBe(refs.length);
  source.ruleset.rules.forEach((rule, i) => {
    if (typeof rule.ref === "string" && rule.ref !== "") expect(refs[i]).toBe(rule.ref);
    else expect(refs[i]).toBe(derivedRef(rule as never));
  });
}

describe.each(SYNTAXES)("a zone's Terraform export, syntax %s", (syntax) => {
  it("parses, and read back equals every proposed configuration it came from, rules in their order", async () => {
    for (const { name, source } of proposedSources()) {
      const { body, rules } = await readBack(source, syntax);
      expect(body.zone_id, name).toBe(ZONE.id);
      expect(body.name).toBe(source.ruleset.name);
      expect(body.kind).toBe("zone");
      expect(body.phase).toBe("http_request_firewall_managed");
      for (const readOnly of ["id", "version", "last_updated"]) expect(body, name).not.toHaveProperty(readOnly);
      expectSameRules(rules, source);
    }
  });

  it("carries the migration's overrides: paranoia levels turned off, the score threshold and action on the OWASP rule", async () => {
    const { source } = proposedSources().find((s) => s.name.startsWith("medium/simulate"))!;
    const { rules } = await readBack(source, syntax);
    const owasp = rules.find((rule) => (rule.action_parameters as Record<string, Json>).id === OWASP)!;
    expect((owasp.action_parameters as Record<string, Json>).overrides).toEqual({
      categories: [2, 3, 4].map((level) => ({ category: `paranoia-level-${level}`, enabled: false })),
      rules: [{ id: SCORE_RULE, action: "log", score_threshold: 25 }],
    });
  });

  it("reads back the live entry point with every kind of rule, and hostile strings exactly", async () => {
    for (const hostile of HOSTILE_TEXT) {
      const source = liveSource(hostile);
      const { body, rules } = await readBack(source, syntax);
      expect(body.name).toBe(source.ruleset.name);
      expect(body.description).toBe(source.ruleset.description);
      expectSameRules(rules, source);
    }
  });

  it("imports the zone's own entry point by id, in the provider major's import ID format", async () => {
    const { imports, label, parsed } = await readBack(liveSource(), syntax);
    expect(imports).toEqual([
      { to: `\${cloudflare_ruleset.${label}}`, id: `${syntax === "v4" ? "zone" : "zones"}/${ZONE.id}/${ENTRYPOINT_ID}` },
    ]);
    // One resource, the entry point; no data source, and no managed ruleset declared as a resource.
    expect(Object.keys((parsed.resource as Record<string, Json>).cloudflare_ruleset as Record<string, Json>)).toEqual([label]);
    expect(parsed.data).toBeUndefined();
  });

  it("looks the entry point up when the migration has not created it yet, so the plan imports it or fails", async () => {
    const { source } = proposedSources().find((s) => s.name.endsWith("/no entry point"))!;
    const { imports, label, parsed } = await readBack(source, syntax);
    const lookup = (parsed.data as Record<string, Record<string, Json[]>>).cloudflare_rulesets![`${label}_entrypoint`]![0] as Record<
      string,
      Json
    >;
    expect(lookup.zone_id).toBe(ZONE.id);
    if (syntax === "v4") {
      expect(lookup.filter).toEqual([{ kind: "zone", phase: "http_request_firewall_managed" }]);
      expect(imports[0]!.id).toBe(`zone/${ZONE.id}/\${one(data.cloudflare_rulesets.${label}_entrypoint.rulesets[*].id)}`);
    } else {
      expect(imports[0]!.id).toBe(
        `zones/${ZONE.id}/\${one([for r in data.cloudflare_rulesets.${label}_entrypoint.rulesets : ` +
          `r.id if r.kind == "zone" && r.phase == "http_request_firewall_managed"])}`,
      );
    }
    expect(imports[0]!.to).toBe(`\${cloudflare_ruleset.${label}}`);
  });

  it("names each managed ruleset, overridden rule and category in words, in comments", () => {
    const text = zoneFile(liveSource(), syntax);
    expect(text).toContain(`# ${MANAGED}: the Cloudflare Managed Ruleset.`);
    expect(text).toContain(`# ${OWASP}: the Cloudflare OWASP Core Ruleset.`);
    expect(text).toContain("# paranoia-level-3: OWASP paranoia level 3, turned off.");
    expect(text).toContain(
      `# ${SCORE_RULE}: 949110: Inbound Anomaly Score Exceeded (the OWASP score threshold and action), ` +
        `turned on, score threshold 40, action managed_challenge.`,
    );
    expect(text).toContain('# wordpress: the rules tagged "wordpress", turned on, action block.');
    expect(text).toContain(`# Skips in ${OWASP} (the Cloudflare OWASP Core Ruleset):`);
    expect(text).toContain("# Rule 4 of 5: execute the Cloudflare OWASP Core Ruleset");
  });

  it("gives the same refs on every export and keeps the platform's", async () => {
    const first = await readBack(liveSource(), syntax);
    const second = await readBack(liveSource(), syntax);
    expect(first.rules.map((r) => r.ref)).toEqual(second.rules.map((r) => r.ref));
    expect(first.rules.map((r) => r.ref)).toEqual([
      "partners",
      derivedRef(liveSource().ruleset.rules[1] as never),
      "managed",
      `execute_${OWASP}`,
      "leaked-credentials",
    ]);
  });

  it("keeps a hostile zone name in comments only, and labels the resource by the zone id", async () => {
    const source = { ...liveSource(), zone: { id: ZONE.id, name: HOSTILE.zoneName + '\n}\nresource "x" "y" {' } };
    const { label, parsed } = await readBack(source, syntax);
    expect(label).toBe(`zone_${ZONE.id}`);
    expect(Object.keys(parsed)).toEqual(expect.arrayContaining(["import", "resource"]));
    expect(Object.keys(parsed.resource as Record<string, Json>)).toEqual(["cloudflare_ruleset"]);
  });

  it("refuses a field it cannot write, naming it, rather than drop it", () => {
    const source = liveSource();
    const rules = [...source.ruleset.rules];
    rules[2] = { ...rules[2], action_parameters: { id: MANAGED, sensitivity: "high" } };
    expect(() => zoneFile({ ...source, ruleset: { ...source.ruleset, rules } }, syntax)).toThrow(
      "rules[2].action_parameters.sensitivity: the export does not write this field",
    );
  });

  it('leaves out the platform\'s version "latest" of an executed ruleset, and refuses a pinned one, saying why', async () => {
    const source = liveSource();
    expect(source.ruleset.rules[2]!.action_parameters).toMatchObject({ version: "latest" });
    const { rules } = await readBack(source, syntax);
    for (const rule of rules) expect(rule.action_parameters ?? {}).not.toHaveProperty("version");
    const pinned = [...source.ruleset.rules];
    pinned[3] = { ...pinned[3], action_parameters: { id: OWASP, version: "3" } };
    expect(() => zoneFile({ ...source, ruleset: { ...source.ruleset, rules: pinned } }, syntax)).toThrow(
      'rules[3].action_parameters.version: the rule pins the managed ruleset to version "3"; neither provider',
    );
  });

  it("refuses a part the platform's shape requires and the answer lacks (an override rule without its id)", () => {
    const source = liveSource();
    const rules = [...source.ruleset.rules];
    rules[3] = { ...rules[3], action_parameters: { id: OWASP, overrides: { rules: [{ action: "log" }] } } };
    expect(() => zoneFile({ ...source, ruleset: { ...source.ruleset, rules } }, syntax)).toThrow(
      "rules[3].action_parameters.overrides.rules[0].id: the platform's shape requires this field",
    );
  });

  it("writes a category's sensitivity level in 5.x; 4.x, which has none, says so where it was and in the header", async () => {
    const text = zoneFile(sensitivitySource(), syntax);
    const { rules } = await readBack(sensitivitySource(), syntax);
    const overrides = (rules[0]!.action_parameters as Record<string, Json>).overrides;
    if (syntax === "v5") {
      expect(overrides).toEqual({
        categories: [
          { category: "wordpress", sensitivity_level: "low" },
          { category: "joomla", action: "block", sensitivity_level: "medium" },
        ],
      });
      expect(text).not.toContain("cannot write");
      return;
    }
    expect(overrides).toEqual({ categories: [{ category: "joomla", action: "block" }] });
    expect(text).toContain("# What this file for 4.x says differently from the platform's answer (each also said where it is):");
    const missing = 'sensitivity_level = "medium" is not written: cloudflare_ruleset 4.x has no sensitivity_level in overrides.categories';
    expect(text).toContain(`#   - rules[0].action_parameters.overrides.categories[1]: ${missing}`);
    expect(text).toMatch(new RegExp(`^ +# ${escape(missing)}.*\n +categories [{]\n +category += "joomla"`, "m"));
    const gone = 'categories[0] (wordpress) is left out: sensitivity_level = "low" is not written: cloudflare_ruleset 4.x has no';
    expect(text).toMatch(new RegExp(`^ +# ${escape(gone)}.*\n +overrides [{]$`, "m"));
    expect(text).toContain(`#   - rules[0].action_parameters.overrides.categories[0]: ${gone}`);
    expect(text).toContain("logging is written as the platform answered it, but 4.x documents logging for skip rules only");
  });

  it("notes the previous firewall's resources to remove from state, with the zone's own ids", () => {
    const withPrevious = proposedSources()[0]!.source;
    const text = zoneFile(withPrevious, syntax);
    expect(text).toContain("terraform state rm");
    for (const type of ["cloudflare_waf_package", "cloudflare_waf_group", "cloudflare_waf_rule", "cloudflare_waf_override"])
      expect(text).toContain(type);
    expect(text).toContain("cloudflare_waf_group: de677e5818985db1285d0e80225f06e5 (OWASP Bad Robots, turned off)");
    expect(text).toContain("cloudflare_waf_rule: 990012 (Rogue web site crawler, turned off)");
    expect(text).toContain("cloudflare_waf_override: bb677e5818985db1285d0e80225f06e5 (example.com/admin/*)");
  });
});
