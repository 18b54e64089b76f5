import { describe, expect, it } from "vitest";
import { flagCertificates } from "@/lib/changes/flags";
import type { CertificateRow, ZoneOutcome } from "@/lib/certificates/types";
import { changeRecord } from "./change-record";

const ZONE = "0123456789abcdef0123456789abcdef";
const row = (id: string, zoneId = ZONE) => ({ id, zoneId, zoneName: "example.com" }) as CertificateRow;
const zone = (zoneId: string): ZoneOutcome => ({ zoneId, zoneName: zoneId, status: "audited" });

describe("certificate flags", () => {
  it("flag the certificates a change names, and count them per zone; drift flags no certificate", () => {
    const hostnameId = "9b1c2e44-0f3a-4c55-8d1e-2a3b4c5d6e7f";
    const records = [
      changeRecord({
        id: "1",
        kind: "new_legacy_ca_certificate",
        subject: { kind: "custom_certificate", id: "c1" },
        words: "New custom certificate",
      }),
      changeRecord({
        id: "2",
        kind: "expires_before_replacement",
        subject: { kind: "custom_certificate", id: "c1" },
        words: "expires soon",
      }),
      changeRecord({ id: "3", subject: { kind: "custom_hostname", id: hostnameId }, words: "switched back" }),
      changeRecord({ id: "4", kind: "drift", subject: { kind: "entry_point", id: "c9" }, words: "drifted" }),
    ];
    const other = "f".repeat(32);
    const { rows, zones } = flagCertificates([row("c1"), row(hostnameId), row("c9"), row("c1", other)], [zone(ZONE), zone(other)], records);
    expect(rows.map((r) => r.changes?.map((c) => c.kind))).toEqual([
      ["new_legacy_ca_certificate", "expires_before_replacement"],
      ["hostname_switched_back"],
      undefined,
      undefined,
    ]);
    expect(zones.map((z) => z.changes)).toEqual([2, undefined]);
  });
});
