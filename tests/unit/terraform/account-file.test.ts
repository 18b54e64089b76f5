// The account-wide export: every zone's section in one file or one file per zone in a zip, failed and
// skipped zones marked by name, labels unique across the account, and the file still one valid HCL body.
import { unzipSync, strFromU8 } from "fflate";
import { describe, expect, it } from "vitest";
import { HOSTILE } from "@/lib/dev/sandbox/seed-hostile";
import { accountArchive, accountHeader, accountText, zoneSection, type ZoneOutcome } from "@/lib/terraform/account-file";
import { skipped } from "@/lib/terraform/export-plan";
import { duplicateNames, resourceLabel } from "@/lib/terraform/labels";
import { parseHcl, type Json } from "@/tests/unit/terraform/hcl";
import { liveSource, MANAGED, proposedSources } from "@/tests/unit/terraform/sources";

const other = { id: "11111111111111111111111111111111", name: "shop.example" };
const broken = { id: "22222222222222222222222222222222", name: "broken.example" };
const migrated = { id: "33333333333333333333333333333333", name: "done.example" };

function outcomes(): ZoneOutcome[] {
  const live = liveSource();
  const proposed = proposedSources()[0]!.source;
  const unwritable = { ...live, zone: { id: "44444444444444444444444444444444", name: "odd.example" } };
  unwritable.ruleset = {
    ...live.ruleset,
    rules: [{ action: "execute", expression: "true", action_parameters: { id: MANAGED, version: "3" } }],
  };
  return [
    { zone: live.zone, label: "example_com", result: { status: "exported", source: live } },
    { zone: other, label: "shop_example", result: { status: "exported", source: { ...proposed, zone: other } } },
    {
      zone: broken,
      label: "broken_example",
      result: { status: "failed", reason: "GET /zones/…/waf_migration/status: HTTP 500\nafter 4 attempts" },
    },
    { zone: migrated, label: "done_example", result: skipped("already_migrated") },
    { zone: unwritable.zone, label: "odd_example", result: { status: "exported", source: unwritable } },
  ];
}

describe("the account-wide export", () => {
  it("is one HCL file holding each exported zone's import and resource, under unique labels", async () => {
    const sections = outcomes().map((o) => zoneSection(o, "v5"));
    const text = accountText(accountHeader("v5", "auto", 5), sections);
    const parsed = await parseHcl(text);
    expect(Object.keys((parsed.resource as Record<string, Record<string, Json>>).cloudflare_ruleset!)).toEqual([
      "example_com",
      "shop_example",
    ]);
    expect((parsed.import as Json[]).length).toBe(2);
  });

  it("marks a failed zone, a skipped zone and a zone it cannot write by name, never leaving one out", () => {
    const sections = outcomes().map((o) => zoneSection(o, "v4"));
    expect(sections.map((s) => s.status)).toEqual(["exported", "exported", "failed", "skipped", "failed"]);
    const text = accountText(undefined, sections);
    expect(text).toContain(
      `# FAILED: zone broken.example (${broken.id}) was not exported: GET /zones/…/waf_migration/status: HTTP 500 after 4 attempts`,
    );
    expect(text).toContain(`# SKIPPED: zone done.example (${migrated.id}): The zone already runs the new managed rules`);
    expect(text).toContain(
      "# FAILED: zone odd.example (44444444444444444444444444444444) was not exported: " +
        "its entry point holds what the export cannot write: rules[0].action_parameters.version",
    );
    for (const o of outcomes()) expect(text).toContain(`zone ${o.zone.name} (${o.zone.id}) ====`);
  });

  it("says the state note's commands once, in the header, and each zone's own ids in its section", () => {
    const text = accountText(
      accountHeader("v4", "proposed", 5),
      outcomes().map((o) => zoneSection(o, "v4")),
    );
    expect(text.match(/terraform state list/g)).toHaveLength(1);
    expect(text).toContain("cloudflare_waf_group: de677e5818985db1285d0e80225f06e5 (OWASP Bad Robots, turned off)");
  });

  it("archives one file per zone and the header as README.md; each zone file parses alone", async () => {
    const sections = outcomes().map((o) => zoneSection(o, "v4"));
    const files = unzipSync(accountArchive(accountHeader("v4", "auto", 5), sections));
    expect(Object.keys(files).sort()).toEqual([
      "README.md",
      "broken_example.tf",
      "done_example.tf",
      "example_com.tf",
      "odd_example.tf",
      "shop_example.tf",
    ]);
    expect(strFromU8(files["README.md"]!)).toContain("terraform state rm");
    expect(strFromU8(files["broken_example.tf"]!)).toContain("# FAILED: zone broken.example");
    const parsed = await parseHcl(strFromU8(files["example_com.tf"]!));
    expect(Object.keys((parsed.resource as Record<string, Record<string, Json>>).cloudflare_ruleset!)).toEqual(["example_com"]);
    expect(await parseHcl(strFromU8(files["broken_example.tf"]!))).toEqual({});
    // The same export gives the same bytes (no clock in the zip).
    expect(accountArchive(undefined, sections)).toEqual(accountArchive(undefined, sections));
  });
});

describe("resource labels", () => {
  it("come from the zone name, and from the zone id when the name is not a hostname or is shared", () => {
    expect(resourceLabel({ id: other.id, name: "example.com" })).toBe("example_com");
    expect(resourceLabel({ id: other.id, name: "1password.example" })).toBe("zone_1password_example");
    expect(resourceLabel({ id: other.id, name: HOSTILE.zoneName })).toBe(`zone_${other.id}`);
    const zones = [
      { id: other.id, name: "a.example" },
      { id: broken.id, name: "A.example" },
      { id: migrated.id, name: "b.example" },
    ];
    const duplicates = duplicateNames(zones);
    expect(zones.map((z) => resourceLabel(z, duplicates))).toEqual([`zone_${other.id}`, `zone_${broken.id}`, "b_example"]);
  });
});
