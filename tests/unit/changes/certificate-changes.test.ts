import { describe, expect, it } from "vitest";
import { mergePrints, printRows } from "@/lib/changes/audit-prints";
import { certificateChanges } from "@/lib/changes/certificate-changes";
import { changeRecordSchema } from "@/lib/changes/schema";
import type { CertificateRow, ZoneOutcome } from "@/lib/certificates/types";

const ZONE = "a".repeat(32);
const OTHER = "b".repeat(32);
const T1 = new Date("2026-11-01T00:00:00Z");
const T2 = new Date("2026-11-02T00:00:00Z");
const audited = (zoneId = ZONE, zoneName = "example.com"): ZoneOutcome => ({ zoneId, zoneName, status: "audited" });

function row(overrides: Partial<CertificateRow> & Pick<CertificateRow, "id">): CertificateRow {
  return {
    zoneId: ZONE,
    zoneName: "example.com",
    kind: "advanced",
    hosts: ["example.com", "*.example.com"],
    certificateAuthority: "google",
    bundleMethod: "ubiquitous",
    uploadedOn: "2026-10-01T00:00:00Z",
    expiresOn: "2026-12-30T00:00:00Z",
    verdict: "no_action",
    reason: "",
    action: "",
    status: "active",
    validationMethod: null,
    ...overrides,
  };
}
const legacyPack = (id: string, extra: Partial<CertificateRow> = {}) =>
  row({ id, certificateAuthority: "lets_encrypt", verdict: "action_required", ...extra });
const hostname = (id: string, ca: string, verdict: CertificateRow["verdict"]) =>
  row({ id, kind: "custom_hostname", hosts: ["app.customer.example"], certificateAuthority: ca, verdict });

/** The records between a snapshot of `before` and rows `after` read a day later, every zone audited before. */
function changes(before: CertificateRow[], after: CertificateRow[], zones: ZoneOutcome[] = [audited()]) {
  return certificateChanges(printRows(before, zones, T1), after, { snapshotId: "run-2", at: T2 });
}

describe("certificate audit changes", () => {
  it("records nothing for the first snapshot, or when nothing changed", () => {
    expect(certificateChanges({}, [legacyPack("p1")], { snapshotId: "run-1", at: T2 })).toEqual([]);
    expect(
      changes([legacyPack("p1"), hostname("h1", "google", "no_action")], [legacyPack("p1"), hostname("h1", "google", "no_action")]),
    ).toEqual([]);
  });

  it("names a new certificate on the legacy-chain CA, in words, as a valid change record", () => {
    const [record, ...rest] = changes([row({ id: "p1" })], [row({ id: "p1" }), legacyPack("p2", { hosts: ["shop.example.com"] })]);
    expect(rest).toEqual([]);
    expect(changeRecordSchema.parse(record)).toMatchObject({
      kind: "new_legacy_ca_certificate",
      zoneId: ZONE,
      zoneName: "example.com",
      subject: { kind: "certificate_pack", id: "p2", name: "shop.example.com" },
      words: "New advanced certificate pack on lets_encrypt for shop.example.com",
      snapshotId: "run-2",
      recordedAt: T2.toISOString(),
    });
  });

  it("names a custom hostname switched back to the legacy-chain CA with the CA it had", () => {
    const [record] = changes([hostname("h1", "google", "no_action")], [hostname("h1", "lets_encrypt", "action_required")]);
    expect(record).toMatchObject({
      kind: "hostname_switched_back",
      subject: { kind: "custom_hostname", id: "h1" },
      words: "Custom hostname app.customer.example is on lets_encrypt again (was google)",
    });
    expect(record!.details).toMatchObject({ before: { ca: "google" }, after: { ca: "lets_encrypt" } });
  });

  it("leaves out universal packs the rules switch by themselves, and zones not audited in both snapshots", () => {
    expect(changes([], [row({ id: "u1", kind: "universal", certificateAuthority: "lets_encrypt", verdict: "no_action" })])).toEqual([]);
    const failedBefore: ZoneOutcome = { zoneId: OTHER, zoneName: "other.com", status: "failed", reason: "timeout" };
    expect(changes([], [legacyPack("p9", { zoneId: OTHER, zoneName: "other.com" })], [audited(), failedBefore])).toEqual([]);
    // A zone the previous snapshot did not have at all.
    expect(certificateChanges({}, [legacyPack("p9")], { snapshotId: "run-2", at: T2 })).toEqual([]);
  });

  it("records a legacy certificate that expires within 30 days before any replacement on another CA is active", () => {
    const expiring = legacyPack("c1", {
      kind: "custom_certificate",
      certificateAuthority: null,
      verdict: "informational",
      hosts: ["www.example.com"],
      expiresOn: "2026-11-20T00:00:00Z",
    });
    const kinds = changes([], [expiring]).map((r) => r.kind);
    expect(kinds).toEqual(["expires_before_replacement", "new_legacy_ca_certificate"]);
    // A certificate on another CA covering its hosts (by wildcard) that is active replaces it in time.
    expect(changes([], [expiring, row({ id: "r1" })]).map((r) => r.kind)).toEqual(["new_legacy_ca_certificate"]);
    // One still validating does not; the words name it.
    const pending = changes([], [expiring, row({ id: "r1", status: "pending_validation" })]).find(
      (r) => r.kind === "expires_before_replacement",
    );
    expect(pending?.words).toBe(
      "Custom certificate issued by the legacy-chain CA (lets_encrypt) for www.example.com expires 2026-11-20 " +
        "before its replacement is active: the advanced certificate pack r1 on google is still pending_validation",
    );
  });

  // Issue 25 review, finding 3: "serving" as the status gate reads it, not only "active".
  it("counts a replacement that serves under another status (pending expiration, deletion timed out) as active", () => {
    const expiring = legacyPack("c1", { kind: "custom_certificate", certificateAuthority: null, hosts: ["www.example.com"] });
    const soon = { ...expiring, expiresOn: "2026-11-20T00:00:00Z" };
    for (const status of ["pending_expiration", "deletion_timed_out"]) {
      const kinds = changes([], [soon, row({ id: "r1", status })]).map((r) => r.kind);
      expect(kinds, status).toEqual(["new_legacy_ca_certificate"]);
    }
    // An unknown status is not known to serve: the expiry is recorded, naming it.
    const unknown = changes([], [soon, row({ id: "r1", status: "backup_issued" })]).find((r) => r.kind === "expires_before_replacement");
    expect(unknown?.words).toMatch(/r1 on google is still backup_issued/);
  });

  it("records the expiry once: a certificate already flagged in the previous snapshot is not recorded again", () => {
    const soon = legacyPack("p1", { expiresOn: "2026-11-25T00:00:00Z" });
    const later = legacyPack("p1", { expiresOn: "2027-01-25T00:00:00Z" });
    expect(changes([later], [soon]).map((r) => [r.kind, r.words])).toEqual([
      ["expires_before_replacement", expect.stringContaining("expires 2026-11-25")],
    ]);
    expect(changes([soon], [soon])).toEqual([]);
  });

  it("merges prints step by step, a later reading winning and a zone's status kept", () => {
    const first = printRows([legacyPack("p1")], [audited()], T1);
    const second = printRows([row({ id: "p1" }), row({ id: "p2" })], [], T1);
    const merged = mergePrints(first, second);
    expect(merged[ZONE]).toEqual({ status: "audited", certificates: { p1: "g", p2: "g" } });
  });

  it("prints one letter per certificate: legacy, legacy expiring before its replacement, or the CA", () => {
    const rows = [
      legacyPack("l1"),
      legacyPack("f1", { expiresOn: "2026-11-10T00:00:00Z", hosts: ["deep.a.example.com"] }),
      hostname("h1", "", "no_action"),
      row({ id: "u1", kind: "universal", certificateAuthority: "lets_encrypt" }),
    ];
    expect(printRows(rows, [], T2)[ZONE]?.certificates).toEqual({ l1: "L", f1: "F", h1: "e", u1: "u" });
  });
});
