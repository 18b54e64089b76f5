// Issue 25 review, finding 1: a custom hostname serving an uploaded Let's Encrypt certificate has no CA field on
// its row; the row keeps `uploaded` so the Changes feed treats it as it treats a custom certificate.
import { describe, expect, it } from "vitest";
import { certificateChanges } from "@/lib/changes/certificate-changes";
import { customHostnameSchema } from "@/lib/certificates/upstream";
import { auditZone } from "@/lib/certificates/zone-audit";
import { certificateRowSchema } from "@/lib/snapshots/row-schemas";

const zone = { id: "a".repeat(32), name: "saas.com", plan: "business" };
const PEM = "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n";

function uploadedRow(expiresOn: string) {
  const hostname = customHostnameSchema.parse({
    id: "0d89c70d-ad9f-4843-b99f-6cc0252067e9",
    hostname: "app.saas.com",
    status: "active",
    ssl: {
      status: "active",
      custom_certificate: PEM,
      issuer: "LetsEncrypt",
      bundle_method: "ubiquitous",
      uploaded_on: "2024-10-02T10:00:00Z",
      expires_on: expiresOn,
    },
  });
  const inventory = { packs: [], customCertificates: [], customHostnames: [hostname], totalTls: { enabled: false }, caaRecords: [] };
  return auditZone(zone, inventory).rows[0]!;
}

describe("an uploaded-certificate custom hostname in the Changes feed", () => {
  it("is recorded as new on the legacy-chain CA, and as expiring before a replacement", () => {
    const row = uploadedRow("2026-11-20T00:00:00Z");
    expect(row).toMatchObject({ kind: "custom_hostname", certificateAuthority: null, verdict: "action_required", uploaded: true });
    // The snapshot keeps the flag: the row schema is exact and loose, and must not strip it.
    expect(certificateRowSchema.parse(row)).toMatchObject({ uploaded: true });
    const previous = { [zone.id]: { status: "audited" as const, certificates: {} } };
    const records = certificateChanges(previous, [row], { snapshotId: "run-2", at: new Date("2026-11-02T00:00:00Z") });
    expect(records.map((r) => r.kind).sort()).toEqual(["expires_before_replacement", "new_legacy_ca_certificate"]);
  });
});
