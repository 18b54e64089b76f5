// Each impact read names its zone's account, so the page asks with that account's credentials.
import { describe, expect, it } from "vitest";
import { affectedHostRequests } from "@/lib/certificates/impact/affected-hosts";
import type { CertificateRow } from "@/lib/certificates/types";

const STAGING = { id: "5ca1ab1e5ca1ab1e5ca1ab1e5ca1ab1e", name: "Staging" };

function row(zoneId: string, hosts: string[], account?: CertificateRow["account"]): CertificateRow {
  return {
    zoneId,
    zoneName: `${zoneId}.example`,
    ...(account ? { account } : {}),
    kind: "custom_hostname",
    id: `${zoneId}-cert`,
    hosts,
    certificateAuthority: "lets_encrypt",
    bundleMethod: null,
    uploadedOn: null,
    expiresOn: null,
    verdict: "action_required",
    reason: "",
    action: "",
    status: "active",
    validationMethod: "http",
  };
}

describe("affectedHostRequests and accounts", () => {
  it("names the zone's account on each of its requests", () => {
    const requests = affectedHostRequests([row("a", ["a.example"], STAGING), row("b", ["b.example"])]);
    expect(requests).toEqual([
      { zoneId: "a", hosts: ["a.example"], account: STAGING.id },
      { zoneId: "b", hosts: ["b.example"] },
    ]);
  });

  it("keeps the account on every chunk of a zone with many hosts", () => {
    const hosts = Array.from({ length: 60 }, (_, i) => `h${String(i).padStart(2, "0")}.example`);
    const requests = affectedHostRequests([row("a", hosts, STAGING)]);
    expect(requests.map((r) => r.account)).toEqual([STAGING.id, STAGING.id]);
  });
});
