// Rule 6 for custom hostnames on the default CA: their CAA is read from the account's zones (RFC 8659's climb
// to the closest name with records), and unknown outside them.
import { describe, expect, it } from "vitest";
import type { CaaRecord } from "@/lib/certificates/caa";
import { classify } from "@/lib/certificates/classify";
import { customHostnameCaa, enclosingZone, zonesOnClimb } from "@/lib/certificates/hostname-caa";
import { auditZone } from "@/lib/certificates/zone-audit";

const saas = { id: "a".repeat(32), name: "saas-provider.com" };
const shop = { id: "b".repeat(32), name: "shop.com" };
const eu = { id: "c".repeat(32), name: "eu.shop.com" };
const open = { id: "d".repeat(32), name: "open.org" };
const zones = [saas, shop, eu, open];
const caa = (name: string, value: string, tag = "issue"): CaaRecord => ({ name, flags: 0, tag, value });
const records = new Map<string, CaaRecord[]>([
  [saas.id, []],
  [shop.id, [caa("shop.com", "letsencrypt.org")]],
  [eu.id, []],
  [
    open.id,
    [
      caa("open.org", "letsencrypt.org"),
      caa("open.org", "pki.goog"),
      caa("wild.open.org", "letsencrypt.org", "issuewild"),
      caa("closed.open.org", ";"),
    ],
  ],
]);
const context = { zones, records };

describe("enclosingZone and zonesOnClimb", () => {
  it("finds the deepest account zone holding a name, and every zone its climb crosses", () => {
    expect(enclosingZone("a.eu.shop.com", zones)).toBe(eu);
    expect(enclosingZone("shop.com", zones)).toBe(shop);
    expect(enclosingZone("notshop.com", zones)).toBeUndefined();
    expect(zonesOnClimb("a.eu.shop.com", zones)).toEqual([eu, shop]);
    expect(zonesOnClimb("app.customer.example", zones)).toEqual([]);
  });
});

describe("customHostnameCaa", () => {
  it("reads the apex CAA of the account zone the hostname lies in", () => {
    const finding = customHostnameCaa(saas, "store.shop.com", context)!;
    expect(finding).toMatchObject({
      zoneId: saas.id,
      hostname: "store.shop.com",
      relevantName: "shop.com",
      defaultCa: "lets_encrypt",
      flagged: true,
      source: "custom_hostname",
      caaZoneName: "shop.com",
    });
    expect(finding.recordToAdd).toBe('shop.com. CAA 0 issue "pki.goog"');
  });

  it("climbs from a zone without records to a parent zone of the account that has some", () => {
    expect(customHostnameCaa(saas, "app.eu.shop.com", context)).toMatchObject({
      relevantName: "shop.com",
      caaZoneName: "shop.com",
      defaultCa: "lets_encrypt",
    });
  });

  it("uses issuewild for a wildcard custom hostname", () => {
    expect(customHostnameCaa(saas, "*.wild.open.org", context)).toMatchObject({
      relevantName: "wild.open.org",
      defaultCa: "lets_encrypt",
      flagged: true,
    });
    expect(customHostnameCaa(saas, "*.wild.open.org", context)!.recordToAdd).toBe('wild.open.org. CAA 0 issuewild "pki.goog"');
    expect(customHostnameCaa(saas, "x.open.org", context)).toMatchObject({ relevantName: "open.org", defaultCa: "google", flagged: false });
  });

  it("is unknown outside every zone of the account, or when a zone's records were not read", () => {
    expect(customHostnameCaa(saas, "app.customer.example", context)).toBeUndefined();
    expect(customHostnameCaa(saas, "store.shop.com", { zones, records: new Map() })).toBeUndefined();
  });
});

describe("rule 6 verdicts from the hostname's CAA", () => {
  const facts = (hostname: string, ca: string) => ({
    kind: "custom_hostname" as const,
    certificateAuthority: ca,
    bundleMethod: null,
    uploadedOn: null,
    expiresOn: null,
    hosts: [hostname],
  });
  const verdictOf = (hostname: string, ca: string) => {
    const finding = customHostnameCaa(saas, hostname, context);
    return classify(facts(hostname, ca), finding ? [finding] : []);
  };

  it("a default-CA custom hostname under CAA permitting only letsencrypt.org stays on the legacy chain", () => {
    const result = verdictOf("store.shop.com", "");
    expect(result.verdict).toBe("action_required");
    expect(result.reason).toMatch(/CAA on shop\.com permits letsencrypt\.org but not pki\.goog, so it stays on lets_encrypt/);
    expect(result.action).toBe('Add shop.com. CAA 0 issue "pki.goog" (in the zone shop.com); the next issuance then moves to google.');
  });

  it("a default-CA custom hostname whose CAA permits pki.goog needs nothing", () => {
    expect(verdictOf("x.open.org", "")).toMatchObject({ verdict: "no_action", action: "None." });
    expect(verdictOf("x.saas-provider.com", "").reason).toMatch(/no CAA record on it or its parents permits pki\.goog/);
  });

  it("a default-CA custom hostname whose CAA permits no CA cannot be renewed", () => {
    expect(verdictOf("app.closed.open.org", "")).toMatchObject({ verdict: "action_required" });
    expect(verdictOf("app.closed.open.org", "").reason).toMatch(/CAA on closed\.open\.org permits neither pki\.goog nor letsencrypt\.org/);
  });

  it("a legacy-CA custom hostname is told to add the record before switching", () => {
    expect(verdictOf("store.shop.com", "lets_encrypt").action).toMatch(/^First add shop\.com\. CAA 0 issue "pki\.goog"/);
  });

  it("outside the account's zones: unknown and what to check, never no_action", () => {
    const result = verdictOf("app.customer.example", "");
    expect(result.verdict).toBe("informational");
    expect(result.reason).toMatch(/CAA is unknown/);
    expect(result.action).toMatch(/dig CAA app\.customer\.example/);
  });
});

describe("auditZone with custom hostnames", () => {
  it("lists the custom hostnames' CAA findings and classifies them by it", () => {
    const inventory = {
      packs: [],
      customCertificates: [],
      totalTls: { enabled: false },
      caaRecords: [],
      customHostnames: ["store.shop.com", "app.customer.example", "x.open.org"].map((hostname, i) => ({
        id: `0d89c70d-ad9f-4843-b99f-6cc0252067e${i}`,
        hostname,
        // The hostname's own status, as the real API answers it: absent, it is unknown and never read as fine.
        status: "active",
        ssl: { certificate_authority: "", status: "active", method: "txt" },
      })),
    };
    const { rows, caa: findings } = auditZone({ ...saas, plan: "enterprise" }, inventory, context);
    expect(rows.map((r) => [r.hosts[0], r.verdict])).toEqual([
      ["store.shop.com", "action_required"],
      ["app.customer.example", "informational"],
      ["x.open.org", "no_action"],
    ]);
    expect(findings.filter((f) => f.source === "custom_hostname").map((f) => [f.hostname, f.flagged])).toEqual([
      ["store.shop.com", true],
      ["x.open.org", false],
    ]);
  });

  it("without the account's zones, reads a custom hostname in the zone itself", () => {
    const inventory = {
      packs: [],
      customCertificates: [],
      totalTls: { enabled: false },
      caaRecords: [caa("shop.com", "letsencrypt.org")],
      customHostnames: [{ id: "h1", hostname: "a.shop.com", ssl: { certificate_authority: "" } }],
    };
    expect(auditZone({ ...shop, plan: "pro" }, inventory).rows[0]!.verdict).toBe("action_required");
  });
});
