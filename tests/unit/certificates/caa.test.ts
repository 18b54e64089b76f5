// CAA (RFC 8659): the relevant set is inherited from the closest parent name; issuewild overrides issue for wildcards.
import { describe, expect, it } from "vitest";
import { analyseHostname, issuerDomain, permits, relevantSet, type CaaRecord } from "@/lib/certificates/caa";

const zone = { id: "0".repeat(32), name: "example.com" };
const rec = (name: string, tag: string, value: string, flags = 0): CaaRecord => ({ name, flags, tag, value });

describe("relevantSet", () => {
  const records = [rec("example.com", "issue", "letsencrypt.org"), rec("api.example.com", "issue", "pki.goog")];
  it.each([
    ["example.com", "example.com"],
    ["www.example.com", "example.com"],
    ["a.b.www.example.com", "example.com"],
    ["*.example.com", "example.com"],
    ["api.example.com", "api.example.com"],
    ["v2.api.example.com", "api.example.com"],
    ["*.api.example.com", "api.example.com"],
  ])("%s takes the records of %s", (hostname, owner) => {
    expect(relevantSet(records, hostname, "example.com").name).toBe(owner);
  });
  it("has no set outside the zone or without records", () => {
    expect(relevantSet(records, "app.customer.example", "example.com")).toEqual({ name: null, records: [] });
    expect(relevantSet([], "www.example.com", "example.com")).toEqual({ name: null, records: [] });
  });
});

describe("permits", () => {
  it.each([
    ["no records: anyone", [], "pki.goog", false, true],
    ["issue listing the CA", [rec("x", "issue", "pki.goog")], "pki.goog", false, true],
    ["issue with parameters", [rec("x", "issue", "letsencrypt.org; validationmethods=dns-01")], "letsencrypt.org", false, true],
    ["issue of another CA", [rec("x", "issue", "letsencrypt.org")], "pki.goog", false, false],
    ["case-insensitive domain", [rec("x", "ISSUE", "PKI.Goog")], "pki.goog", false, true],
    ["issue ';' forbids all", [rec("x", "issue", ";")], "letsencrypt.org", false, false],
    ["only iodef: unrestricted", [rec("x", "iodef", "mailto:a@b")], "pki.goog", false, true],
    [
      "wildcard uses issuewild over issue",
      [rec("x", "issue", "pki.goog"), rec("x", "issuewild", "letsencrypt.org")],
      "pki.goog",
      true,
      false,
    ],
    ["non-wildcard ignores issuewild", [rec("x", "issue", "pki.goog"), rec("x", "issuewild", "letsencrypt.org")], "pki.goog", false, true],
    ["wildcard falls back to issue", [rec("x", "issue", "pki.goog")], "pki.goog", true, true],
    ["critical unknown tag forbids all", [rec("x", "issue", "pki.goog"), rec("x", "future", "1", 128)], "pki.goog", false, false],
    ["non-critical unknown tag is ignored", [rec("x", "issue", "pki.goog"), rec("x", "future", "1", 0)], "pki.goog", false, true],
  ] as const)("%s", (_name, set, domain, wildcard, expected) => {
    expect(permits(set, domain, wildcard)).toBe(expected);
  });
  it("reads the issuer domain before the parameters", () => {
    expect(issuerDomain(" letsencrypt.org ; accounturi=x")).toBe("letsencrypt.org");
    expect(issuerDomain(";")).toBe("");
  });
});

describe("analyseHostname", () => {
  it("flags a hostname whose inherited CAA permits only the legacy-chain CA, with the record to add at the owner", () => {
    const finding = analyseHostname(zone, [rec("example.com", "issue", "letsencrypt.org")], "shop.example.com");
    expect(finding).toMatchObject({
      relevantName: "example.com",
      permitsLegacy: true,
      permitsGoogle: false,
      defaultCa: "lets_encrypt",
      flagged: true,
    });
    expect(finding.recordToAdd).toBe('example.com. CAA 0 issue "pki.goog"');
  });
  it("does not flag when the alternative is allowed, and reports ssl.com separately", () => {
    const finding = analyseHostname(zone, [rec("example.com", "issue", "pki.goog")], "www.example.com");
    expect(finding).toMatchObject({ permitsGoogle: true, permitsSslCom: false, defaultCa: "google", flagged: false, recordToAdd: null });
  });
  it("a subdomain's own set overrides a blocking apex", () => {
    const records = [rec("example.com", "issue", "letsencrypt.org"), rec("api.example.com", "issue", "pki.goog")];
    expect(analyseHostname(zone, records, "api.example.com").flagged).toBe(false);
    expect(analyseHostname(zone, records, "www.example.com").flagged).toBe(true);
  });
  it("a wildcard blocked by issuewild gets an issuewild record", () => {
    const records = [rec("example.com", "issue", "pki.goog"), rec("example.com", "issuewild", "letsencrypt.org")];
    const finding = analyseHostname(zone, records, "*.example.com");
    expect(finding.defaultCa).toBe("lets_encrypt");
    expect(finding.recordToAdd).toBe('example.com. CAA 0 issuewild "pki.goog"');
  });
  it("no CA permitted at all: issuance fails, flagged", () => {
    expect(analyseHostname(zone, [rec("www.example.com", "issue", ";")], "www.example.com")).toMatchObject({
      defaultCa: "none",
      flagged: true,
    });
  });
});
