// Preflight's parsers accept every shape the real API can answer, built from the contract's schemas
// (tests/prism/document.ts: the 2024 OpenAPI with the SDK's and the docs' corrections): the example, only the
// required fields (read-only ones included: answers carry them), extra fields, enum values Preflight does not
// know.
import type { z } from "zod";
import { describe, expect, it } from "vitest";
import {
  caaRecordSchema,
  certificatePackSchema,
  customCertificateSchema,
  customHostnameSchema,
  totalTlsSchema,
} from "@/lib/certificates/upstream";
import { checkSchema, groupSchema, overrideSchema, packageSchema, ruleSchema, statusSchema } from "@/lib/migration/evidence";
import { rulesetSchema } from "@/lib/rulesets/ruleset";
import { inviteSchema } from "@/lib/platform/invites";
import { zoneSchema } from "@/lib/platform/zones";
import { loadReference } from "@/tests/contract/contract";
import type { ExampleOptions } from "@/tests/contract/example";
import { resultSchemaOf, variantsOf } from "@/tests/contract/variants";
import { contractDocument } from "@/tests/prism/document";

const document = contractDocument();
const mentions = (text: string) => (alt: object) => JSON.stringify(alt).includes(text);

const CASES: Array<{ name: string; path: string; parser: z.ZodType; options?: ExampleOptions }> = [
  { name: "zone (GET /zones, /zones/:id)", path: "/zones", parser: zoneSchema },
  { name: "URI-based override", path: "/zones/{zone_identifier}/firewall/waf/overrides", parser: overrideSchema },
  { name: "package (legacy)", path: "/zones/{zone_identifier}/firewall/waf/packages", parser: packageSchema },
  {
    name: "package (anomaly)",
    path: "/zones/{zone_identifier}/firewall/waf/packages",
    parser: packageSchema,
    options: { prefer: mentions("anomaly") },
  },
  { name: "rule group", path: "/zones/{zone_id}/firewall/waf/packages/{package_id}/groups", parser: groupSchema },
  { name: "rule (anomaly)", path: "/zones/{zone_id}/firewall/waf/packages/{package_id}/rules", parser: ruleSchema },
  {
    name: "rule (traditional deny)",
    path: "/zones/{zone_id}/firewall/waf/packages/{package_id}/rules",
    parser: ruleSchema,
    options: { prefer: mentions("deny") },
  },
  { name: "certificate pack (SDK's typed pack)", path: "/zones/{zone_id}/ssl/certificate_packs", parser: certificatePackSchema },
  { name: "custom certificate", path: "/zones/{zone_id}/custom_certificates", parser: customCertificateSchema },
  { name: "custom hostname (UUID id)", path: "/zones/{zone_id}/custom_hostnames", parser: customHostnameSchema },
  { name: "Total TLS setting", path: "/zones/{zone_id}/acm/total_tls", parser: totalTlsSchema },
  { name: "CAA record", path: "/zones/{zone_id}/dns_records", parser: caaRecordSchema, options: { prefer: mentions('["CAA"]') } },
];

describe("Preflight's parsers accept the real shapes", () => {
  for (const c of [...CASES, { name: "invitation", path: "/user/invites", parser: inviteSchema as z.ZodType }]) {
    const { schema } = resultSchemaOf(document, c.path);
    for (const variant of variantsOf(document, schema, c.options)) {
      const name = `${c.name}: ${variant.label}`;
      it(name, () => {
        const parsed = c.parser.safeParse(variant.value);
        expect(parsed.success, `${JSON.stringify(parsed.error?.issues[0])}\n${JSON.stringify(variant.value).slice(0, 600)}`).toBe(true);
      });
    }
  }
});

const docs = loadReference().documented_not_in_openapi.paths;
const docsExample = (path: string) => (docs[path]!.get!["x-example-response"] as { result: unknown }).result;

describe("the migration operations, from the documents alone (no schema)", () => {
  it("check: the docs' example", () =>
    expect(checkSchema.safeParse(docsExample("/zones/{zone_id}/waf_migration/check")).success).toBe(true));
  it("config: the docs' example, and with rule fields Preflight does not name", () => {
    const config = docsExample("/zones/{zone_id}/waf_migration/config") as { rules: Array<Record<string, unknown>> };
    expect(rulesetSchema.safeParse(config).success).toBe(true);
    const extra = { ...config, rules: config.rules.map((r) => ({ ...r, logging: { enabled: false }, field_added_later: 1 })) };
    expect(rulesetSchema.safeParse(extra).success).toBe(true);
  });
  it("status: the observed field names, some absent, others added", () => {
    const fields = docs["/zones/{zone_id}/waf_migration/status"]!.get!["x-observed-result-fields"] as string[];
    expect(statusSchema.safeParse(Object.fromEntries(fields.map((f) => [f, "value_added_later"]))).success).toBe(true);
    expect(statusSchema.safeParse({ migration_state: "start", field_added_later: true }).success).toBe(true);
  });
});

describe("invitations in the current SDK's shape", () => {
  // The current SDK types roles as names (resources/user/invites.d.ts: roles?: Array<string>).
  it("invitation with roles as role names (SDK 2026)", () => {
    const invite = {
      id: "4f5f0c14a2a41d5063dd301b2f829f04",
      organization_id: "5a7805061c76ada191ed06f989cc3dac",
      invited_member_id: null,
      status: "pending",
      roles: ["Administrator"],
    };
    expect(inviteSchema.safeParse(invite).success).toBe(true);
  });
});
