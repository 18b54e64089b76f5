// What a status means for serving, read before any rule: a certificate that serves no traffic is not_serving
// (never an action), one on its way is judged as it will be, and a status nobody explains is shown as given.
import { describe, expect, it } from "vitest";
import { classify, type CertificateFacts } from "@/lib/certificates/classify";
import { isSwitchable } from "@/lib/certificates/hostname-switch";
import { servingStatus } from "@/lib/certificates/serving-status";
import type { CertificateRow } from "@/lib/certificates/types";

const legacyAdvanced: CertificateFacts = {
  kind: "advanced",
  certificateAuthority: "lets_encrypt",
  bundleMethod: "ubiquitous",
  uploadedOn: "2025-01-01T00:00:00Z",
  expiresOn: "2025-04-01T00:00:00Z",
  hosts: ["shop.com"],
};
/** The SDK's pack Status enum (ssl/certificate-packs), every value. */
const PACK_STATUSES = [
  "initializing",
  "pending_validation",
  "deleted",
  "pending_issuance",
  "pending_deployment",
  "pending_deletion",
  "pending_expiration",
  "expired",
  "active",
  "initializing_timed_out",
  "validation_timed_out",
  "issuance_timed_out",
  "deployment_timed_out",
  "deletion_timed_out",
  "pending_cleanup",
  "staging_deployment",
  "staging_active",
  "deactivating",
  "inactive",
  "backup_issued",
  "holding_deployment",
];
const NOT_SERVING = [
  "deleted",
  "pending_deletion",
  "expired",
  "inactive",
  "deactivating",
  "initializing_timed_out",
  "validation_timed_out",
  "issuance_timed_out",
  "deployment_timed_out",
  "staging_deployment",
  "staging_active",
];

describe("a certificate pack's status", () => {
  it("makes a legacy-CA advanced pack that serves no traffic not_serving, in words, and leaves the others to the rules", () => {
    for (const status of PACK_STATUSES) {
      const result = classify({ ...legacyAdvanced, status });
      if (NOT_SERVING.includes(status)) {
        expect(result.verdict, status).toBe("not_serving");
        expect(result.reason, status).toContain(`"${status}"`);
      } else expect(result.verdict, status).toBe("action_required");
    }
    expect(classify({ ...legacyAdvanced, status: "deleted" })).toMatchObject({
      reason: expect.stringMatching(/^Deleted: nothing to do\./),
    });
    expect(classify({ ...legacyAdvanced, status: "expired" }).reason).toMatch(/^Expired: nothing to do\./);
    const timedOut = classify({ ...legacyAdvanced, status: "issuance_timed_out" });
    expect(timedOut.reason).toMatch(/^Issuance timed out: order again\./);
    expect(timedOut.action).toBe("Order again, choosing google or ssl_com rather than lets_encrypt, if it is still needed.");
    expect(classify({ ...legacyAdvanced, status: "validation_timed_out", certificateAuthority: "google" }).action).toMatch(
      /^Restart validation \(PATCH it\) or order again, if/,
    );
  });

  it("names a serving status other than active in the reason", () => {
    expect(classify({ ...legacyAdvanced, status: "deletion_timed_out" }).reason).toContain(
      'Its status is "deletion_timed_out" (deletion timed out: it may still be served).',
    );
    expect(classify({ ...legacyAdvanced, status: "active" }).reason).not.toContain("status");
  });

  it("judges a pending pack as it will be once active, and says so", () => {
    const pending = classify({ ...legacyAdvanced, status: "pending_validation" });
    expect(pending.verdict).toBe("action_required");
    expect(pending.reason).toMatch(/Its status is "pending_validation" \(pending validation\): not served yet/);
  });

  it("shows a status it does not know as given and never reads it as fine", () => {
    for (const status of ["backup_issued", "pending_cleanup", "something_new", null]) {
      const result = classify({ ...legacyAdvanced, status });
      expect(result.verdict).toBe("action_required");
      expect(result.reason).toContain(
        status === null ? "Its status is not given: judged as if it serves traffic" : `"${status}", which Preflight does not know`,
      );
    }
    expect(servingStatus({ ...legacyAdvanced, status: "something_new" })).toMatchObject({ serving: "unknown", status: "something_new" });
  });

  it("applies no status where none applies (the Total TLS setting's own row)", () => {
    expect(classify({ ...legacyAdvanced, kind: "total_tls" }).reason).not.toMatch(/status/);
  });
});

describe("a custom certificate's and a custom hostname's status", () => {
  const custom: CertificateFacts = {
    kind: "custom_certificate",
    certificateAuthority: null,
    issuer: "LetsEncrypt",
    bundleMethod: "ubiquitous",
    uploadedOn: "2024-09-20T00:00:00Z",
    expiresOn: "2024-12-19T00:00:00Z",
  };
  const hostname: CertificateFacts = {
    kind: "custom_hostname",
    certificateAuthority: "lets_encrypt",
    bundleMethod: "ubiquitous",
    uploadedOn: null,
    expiresOn: null,
    hosts: ["app.customer.example"],
  };

  it("reads the custom certificate's own vocabulary (active | expired | deleted | pending | initializing)", () => {
    expect(classify({ ...custom, status: "active" }).verdict).toBe("action_required");
    expect(classify({ ...custom, status: "pending" }).verdict).toBe("action_required");
    expect(classify({ ...custom, status: "expired" })).toMatchObject({
      verdict: "not_serving",
      reason: expect.stringMatching(/^Expired: removed/),
    });
    expect(classify({ ...custom, status: "deleted" }).verdict).toBe("not_serving");
  });

  it("reads the hostname's own status first: moved, deleted, blocked or pending deletion serve nothing", () => {
    for (const status of ["moved", "deleted", "blocked", "pending_deletion"]) {
      const result = classify({ ...hostname, status: "active", hostnameStatus: status });
      expect(result.verdict, status).toBe("not_serving");
      expect(result.reason, status).toContain(`The custom hostname's status is "${status}": it serves no traffic`);
    }
    expect(classify({ ...hostname, status: "active", hostnameStatus: "active" }).verdict).toBe("action_required");
    expect(classify({ ...hostname, status: "expired", hostnameStatus: "active" }).verdict).toBe("not_serving");
    const unknown = classify({ ...hostname, status: "active", hostnameStatus: "test_pending" });
    expect(unknown.verdict).toBe("action_required");
    expect(unknown.reason).toContain(`The custom hostname's status is "test_pending", which Preflight does not know`);
  });

  it("offers no moved or deleted hostname for a CA switch (a PATCH would set it back to pending validation)", () => {
    const row = (verdict: CertificateRow["verdict"]): CertificateRow => ({
      zoneId: "a".repeat(32),
      zoneName: "shop.com",
      kind: "custom_hostname",
      id: "0d89c70d-ad9f-4843-b99f-6cc0252067e9",
      hosts: ["app.customer.example"],
      certificateAuthority: "lets_encrypt",
      bundleMethod: null,
      uploadedOn: null,
      expiresOn: null,
      verdict,
      reason: "",
      action: "",
      status: "active",
      validationMethod: "txt",
    });
    expect(isSwitchable(row("action_required"))).toBe(true);
    expect(isSwitchable(row("not_serving"))).toBe(false);
  });
});

// Issue 25 review, finding 2: an unknown or absent status is judged as if it serves, but never as fine.
describe("an unknown or absent status on a certificate the rules would leave alone", () => {
  const googleAdvanced: CertificateFacts = { ...legacyAdvanced, certificateAuthority: "google" };

  it("is informational, never no_action, and says why", () => {
    for (const status of ["backup_issued", "pending_cleanup", "something_new", null]) {
      const result = classify({ ...googleAdvanced, status });
      expect(result.verdict, String(status)).toBe("informational");
      expect(result.reason).toMatch(/issued by google, not the legacy-chain CA/);
      expect(result.reason).toMatch(/judged as if it serves traffic, never as fine\. The rules alone would say no action/);
    }
    const hostname = { ...googleAdvanced, kind: "custom_hostname" as const, status: "active", hostnameStatus: "test_pending" };
    expect(classify(hostname).verdict).not.toBe("no_action");
  });

  it("leaves a known status alone: active is no action, and a status that serves nothing is not_serving", () => {
    expect(classify({ ...googleAdvanced, status: "active" }).verdict).toBe("no_action");
    expect(classify({ ...googleAdvanced, status: "pending_validation" }).verdict).toBe("no_action");
    expect(classify({ ...googleAdvanced, status: "deleted" }).verdict).toBe("not_serving");
    expect(classify({ ...googleAdvanced, kind: "total_tls" }).verdict).toBe("no_action");
  });
});
