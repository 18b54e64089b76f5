// Issue 25 item 2: a custom hostname that serves an uploaded certificate (SDK CustomHostname.SSL
// custom_certificate, issuer, serial_number, uploaded_on; certificate_authority optional) is judged by the rules
// for uploaded certificates (issuer, bundle method, upload date), never by CAA, and is not offered the CA switch.
import { describe, expect, it } from "vitest";
import { isSwitchable } from "@/lib/certificates/hostname-switch";
import { customHostnameSchema } from "@/lib/certificates/upstream";
import { auditZone } from "@/lib/certificates/zone-audit";

const zone = { id: "a".repeat(32), name: "saas.com", plan: "business" };
const PEM = "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n";
// Only letsencrypt.org at the apex: a default-CA hostname here is "action required" by CAA (rule 6).
const caaRecords = [{ name: "saas.com", flags: 0, tag: "issue", value: "letsencrypt.org" }];

function audit(ssl: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const hostname = customHostnameSchema.parse({
    id: "0d89c70d-ad9f-4843-b99f-6cc0252067e9",
    hostname: "app.saas.com",
    created_at: "2023-01-05T00:00:00Z",
    ssl: { type: "dv", status: "active", ...ssl },
    status: "active",
    ...extra,
  });
  const inventory = { packs: [], customCertificates: [], customHostnames: [hostname], totalTls: { enabled: false }, caaRecords };
  const { rows, caa } = auditZone(zone, inventory);
  return { row: rows[0]!, caa };
}

const uploaded = { bundle_method: "ubiquitous", issuer: "LetsEncrypt", serial_number: "6743787633689793699141714808227354901" };

describe("a custom hostname serving an uploaded certificate", () => {
  it("is judged by rule 4 from ssl.uploaded_on (never created_at), with no CAA finding and no CA switch", () => {
    const { row, caa } = audit({ ...uploaded, custom_certificate: PEM, uploaded_on: "2024-10-02T10:00:00Z" });
    expect(row).toMatchObject({ verdict: "action_required", uploadedOn: "2024-10-02T10:00:00Z", certificateAuthority: null });
    expect(row.reason).toMatch(
      /serves an uploaded certificate.*Rule 4: compatible bundle \(ubiquitous\) uploaded 2024-10-02, on or after 2024-09-09/,
    );
    expect(`${row.reason} ${row.action}`).not.toMatch(/Rule 6|pki\.goog|PATCH/);
    expect(caa.filter((f) => f.source === "custom_hostname")).toEqual([]);
    expect(isSwitchable(row)).toBe(false);
  });

  it("before 2024-09-09 is informational (rule 4), and a user-defined bundle up to 2024-09-30 is rule 5", () => {
    expect(audit({ ...uploaded, custom_certificate: PEM, uploaded_on: "2024-03-01T00:00:00Z" }).row.verdict).toBe("informational");
    const force = audit({ ...uploaded, bundle_method: "force", custom_certificate: PEM, uploaded_on: "2024-09-15T00:00:00Z" }).row;
    expect(force.verdict).toBe("action_required");
    expect(force.reason).toMatch(/Rule 5: user-defined bundle \(force\) uploaded 2024-09-15/);
  });

  it("from another issuer is no action, even when the answer also names lets_encrypt as its CA", () => {
    const { row } = audit({ ...uploaded, issuer: "DigiCertInc", certificate_authority: "lets_encrypt", custom_certificate: PEM });
    expect(row).toMatchObject({ verdict: "no_action", certificateAuthority: null });
    expect(row.reason).toMatch(/Issued by DigiCertInc/);
    expect(isSwitchable(row)).toBe(false);
  });

  it("is told by its serial number when no CA is named and the PEM is not echoed", () => {
    const { row } = audit({ ...uploaded, issuer: "DigiCertInc", uploaded_on: "2024-10-02T10:00:00Z" });
    expect(row.reason).toMatch(/serves an uploaded certificate.*Issued by DigiCertInc/);
  });

  // Issue 25 review, finding 5: a DV certificate may carry a serial number too, but always a validation method.
  it("leaves a DV certificate with a serial number and a method, and no CA named, to rule 6", () => {
    const { row } = audit({ method: "txt", ...uploaded, signature: "SHA256WithRSA", uploaded_on: "2024-10-02T10:00:00Z" });
    expect(row.uploaded).toBeUndefined();
    expect(row.reason).toMatch(/Rule 6: this one uses the default CA/);
  });

  it("without ssl.uploaded_on says the upload date is unknown, not the hostname's created_at", () => {
    const { row } = audit({ ...uploaded, custom_certificate: PEM });
    expect(row).toMatchObject({ verdict: "informational", uploadedOn: null });
    expect(row.reason).toMatch(/no readable upload date \(none given\)/);
  });

  it("leaves a hostname Cloudflare issues for (no uploaded certificate) to rule 6 and its CAA", () => {
    for (const ssl of [{ certificate_authority: "" }, {}, { certificate_authority: "", ...uploaded }]) {
      const { row, caa } = audit({ method: "txt", ...ssl });
      expect(row.verdict, JSON.stringify(ssl)).toBe("action_required");
      expect(row.reason).toMatch(/Rule 6: this one uses the default CA/);
      expect(caa.filter((f) => f.source === "custom_hostname").map((f) => f.hostname)).toEqual(["app.saas.com"]);
    }
  });

  // Item 14: the switch needs the hostname's own method; the verdict says so when the answer has none.
  it("a legacy-CA hostname without ssl.method is told to read its method before the switch", () => {
    expect(audit({ certificate_authority: "lets_encrypt" }).row.reason).toMatch(/validation method \(ssl\.method\) is not given/);
    expect(audit({ certificate_authority: "lets_encrypt", method: "http" }).row.reason).not.toMatch(/ssl\.method/);
  });
});
