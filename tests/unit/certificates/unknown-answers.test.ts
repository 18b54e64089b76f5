// Answers the schema allows but that do not say what Preflight needs: a CAA record without data or readable
// content, a Total TLS setting without `enabled`. Each makes the audit say "unknown", never "no CAA" or no row.
import { describe, expect, it } from "vitest";
import { analyseHostname, type CaaRecord } from "@/lib/certificates/caa";
import { classify } from "@/lib/certificates/classify";
import { customHostnameCaa } from "@/lib/certificates/hostname-caa";
import { caaRecordSchema, type CertificatePack } from "@/lib/certificates/upstream";
import { auditZone } from "@/lib/certificates/zone-audit";

const zone = { id: "a".repeat(32), name: "shop.com", plan: "pro" };
const caa = (name: string, value: string): CaaRecord => ({ name, flags: 0, tag: "issue", value });
const unreadable = (name: string) => caaRecordSchema.parse({ name, type: "CAA" })!;

describe("a CAA record without data or readable content", () => {
  it("is kept as unreadable, not dropped; other record types are still left out", () => {
    expect(caaRecordSchema.parse({ name: "shop.com", type: "CAA" })).toEqual({
      name: "shop.com",
      flags: 0,
      tag: "",
      value: "",
      unreadable: true,
    });
    expect(caaRecordSchema.parse({ name: "shop.com", type: "CAA", content: "not a caa value", data: { tag: "issue" } })).toMatchObject({
      unreadable: true,
    });
    expect(caaRecordSchema.parse({ name: "shop.com", type: "CAA", content: '0 issue "pki.goog"' })).toEqual(caa("shop.com", "pki.goog"));
    expect(caaRecordSchema.parse({ name: "shop.com", type: "A", content: "192.0.2.1" })).toBeNull();
  });

  it("makes the CAA of the names it applies to unknown, never 'no CAA'; a closer readable set still decides", () => {
    const records = [unreadable("shop.com"), caa("api.shop.com", "pki.goog")];
    const finding = analyseHostname(zone, records, "www.shop.com");
    expect(finding).toMatchObject({
      relevantName: "shop.com",
      defaultCa: "unknown",
      permitsGoogle: null,
      permitsLegacy: null,
      permitsSslCom: null,
      flagged: false,
      recordToAdd: null,
    });
    expect(finding.records).toEqual(["a record without data or readable content"]);
    expect(analyseHostname(zone, records, "api.shop.com")).toMatchObject({ defaultCa: "google", permitsGoogle: true });
    // Without the unreadable record the same name has no CAA at all: that is what dropping it used to say.
    expect(analyseHostname(zone, [], "www.shop.com")).toMatchObject({ relevantName: null, defaultCa: "google" });
  });

  it("turns a universal certificate's no_action into informational, and notes it on a legacy-CA advanced one", () => {
    const finding = analyseHostname(zone, [unreadable("shop.com")], "shop.com");
    const universal = classify(
      { kind: "universal", certificateAuthority: "google", bundleMethod: null, uploadedOn: null, expiresOn: null, hosts: ["shop.com"] },
      [finding],
    );
    expect(universal.verdict).toBe("informational");
    expect(universal.reason).toMatch(/holds a record the API gave without data or readable content/);
    expect(universal.action).toContain('shop.com. CAA 0 issue "pki.goog"');
    const advanced = classify(
      {
        kind: "advanced",
        certificateAuthority: "lets_encrypt",
        bundleMethod: null,
        uploadedOn: null,
        expiresOn: null,
        hosts: ["shop.com"],
      },
      [finding],
    );
    expect(advanced.verdict).toBe("action_required");
    expect(advanced.action).toMatch(/what it permits is unknown: check that it permits pki\.goog first/);
  });

  it("leaves a custom hostname on the default CA informational (unknown), never 'permits neither'", () => {
    const context = { zones: [zone], records: new Map([[zone.id, [unreadable("shop.com")]]]) };
    const finding = customHostnameCaa(zone, "store.shop.com", context)!;
    expect(finding.defaultCa).toBe("unknown");
    const facts = {
      kind: "custom_hostname" as const,
      certificateAuthority: "",
      bundleMethod: null,
      uploadedOn: null,
      expiresOn: null,
      hosts: ["store.shop.com"],
    };
    const onDefault = classify(facts, [finding]);
    expect(onDefault.verdict).toBe("informational");
    expect(onDefault.reason).toMatch(/what it permits is unknown/);
    const onLegacy = classify({ ...facts, certificateAuthority: "lets_encrypt" }, [finding]);
    expect(onLegacy.verdict).toBe("action_required");
    expect(onLegacy.action).toMatch(/what it permits is unknown: if its closest CAA set permits/);
  });
});

describe("a Total TLS answer without `enabled`", () => {
  const inventory = (totalTls: object | undefined, packs: CertificatePack[] = []) => ({
    packs,
    customCertificates: [],
    customHostnames: [],
    caaRecords: [],
    ...(totalTls ? { totalTls } : {}),
  });

  it("adds a Total TLS row that says it is unknown, not no row", () => {
    const { rows } = auditZone(zone, inventory({ certificate_authority: "lets_encrypt" }));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: "total_tls",
      id: `total_tls:${zone.id}`,
      hosts: ["shop.com"],
      certificateAuthority: "lets_encrypt",
      status: null,
      verdict: "informational",
    });
    expect(rows[0]!.reason).toMatch(/answered without `enabled`, so whether it issues certificates for this zone is unknown/);
    expect(rows[0]!.action).toMatch(/if it is on, choose google or ssl_com/);
    expect(auditZone(zone, inventory({})).rows[0]).toMatchObject({ certificateAuthority: null, verdict: "informational" });
    // A CA other than the legacy one is unaffected either way.
    expect(auditZone(zone, inventory({ certificate_authority: "google" })).rows[0]).toMatchObject({ verdict: "no_action" });
  });

  it("adds no row when the setting is off, and none when it was not read because the packs settle it", () => {
    expect(auditZone(zone, inventory({ enabled: false, certificate_authority: "lets_encrypt" })).rows).toEqual([]);
    expect(auditZone(zone, inventory({ enabled: true, certificate_authority: "google" })).rows[0]).toMatchObject({
      status: "enabled",
      verdict: "no_action",
    });
    const pack: CertificatePack = {
      id: "p1",
      type: "total_tls",
      hosts: ["www.shop.com"],
      status: "active",
      certificate_authority: "google",
      certificates: [],
    };
    expect(auditZone(zone, inventory(undefined, [pack])).rows.map((r) => [r.kind, r.certificateAuthority])).toEqual([
      ["total_tls", "google"],
    ]);
  });
});
