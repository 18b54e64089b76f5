// Change records name their zone's account: a certificate change from the row's account (drift: the baseline's,
// tests/unit/drift/baseline-from-review.test.ts).
import { describe, expect, it } from "vitest";
import { printRows } from "@/lib/changes/audit-prints";
import { certificateChanges } from "@/lib/changes/certificate-changes";
import { changeRecordSchema } from "@/lib/changes/schema";
import type { CertificateRow } from "@/lib/certificates/types";

const ZONE = "a".repeat(32);
const ACQUIRED = { id: "ac0a1ec0ac0a1ec0ac0a1ec0ac0a1ec0", name: "Acquired Co" };

function row(id: string, certificateAuthority: string, account?: CertificateRow["account"]): CertificateRow {
  return {
    zoneId: ZONE,
    zoneName: "example.com",
    ...(account ? { account } : {}),
    kind: "advanced",
    id,
    hosts: ["shop.example.com"],
    certificateAuthority,
    bundleMethod: "ubiquitous",
    uploadedOn: null,
    expiresOn: null,
    verdict: certificateAuthority === "lets_encrypt" ? "action_required" : "no_action",
    reason: "",
    action: "",
    status: "active",
    validationMethod: null,
  };
}

const changesOf = (after: CertificateRow[]) =>
  certificateChanges(printRows([row("p1", "google")], [{ zoneId: ZONE, zoneName: "example.com", status: "audited" }], new Date(0)), after, {
    snapshotId: "run-2",
    at: new Date("2026-11-02T00:00:00Z"),
  });

describe("change records and accounts", () => {
  it("a certificate change names the row's account, and stays valid", () => {
    const [record] = changesOf([row("p1", "google", ACQUIRED), row("p2", "lets_encrypt", ACQUIRED)]);
    expect(changeRecordSchema.parse(record).account).toEqual(ACQUIRED);
  });

  it("a row of an older snapshot (no account) makes a record without one", () => {
    const [record] = changesOf([row("p1", "google"), row("p2", "lets_encrypt")]);
    expect(record).toBeDefined();
    expect(record!.account).toBeUndefined();
  });
});
