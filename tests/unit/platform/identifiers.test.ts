// Each id in the form the real API gives it: zone ids 32 hex; custom hostname ids UUIDs (the schema's
// `id` is 36 characters, example 0d89c70d-ad9f-4843-b99f-6cc0252067e9), 32 hex accepted too. Nothing
// that could change a path (`/`, `..`, `%`, whitespace, `?`, `#`) passes any of the checks.
import { describe, expect, it } from "vitest";
import { switchCalls } from "@/lib/certificates/hostname-switch";
import type { CertificateRow } from "@/lib/certificates/types";
import { upstreamGuard, UPSTREAM } from "@/lib/http/upstream-calls";
import { InvalidIdentifierError } from "@/lib/errors/input-error";
import { checkIdentifier, checkUuidIdentifier } from "@/lib/platform/paths";
import { createReviewSchema } from "@/lib/reviews/schema";

const ZONE = "023e105f4ecef8ad9ca31a8372d0c353";
const UUID = "0d89c70d-ad9f-4843-b99f-6cc0252067e9";
const HEX = "0d89c70dad9f4843b99f6cc0252067e9";
const HOSTILE = [
  `${UUID}/../../user/tokens`,
  `../${UUID.slice(3)}`,
  `${UUID.slice(0, 30)}%2F..`,
  `${UUID.slice(0, 35)} `,
  `${UUID}?x=1`,
  `${UUID}#`,
  `${UUID.slice(0, 35)}/`,
  UUID.toUpperCase(),
  UUID.replace(/-/g, "_"),
  `${UUID}0`,
  "",
];

describe("custom hostname ids", () => {
  it("accepts the UUID form and the 32-hex form, refuses anything that could change a path", () => {
    expect(checkUuidIdentifier("id", UUID)).toBe(UUID);
    expect(checkUuidIdentifier("id", HEX)).toBe(HEX);
    for (const bad of HOSTILE) expect(() => checkUuidIdentifier("hostnameIds[0]", bad), bad).toThrow(InvalidIdentifierError);
    // Zone ids stay 32 hex: a UUID is not a zone id.
    expect(() => checkIdentifier("zoneId", UUID)).toThrow(InvalidIdentifierError);
  });

  it("a switch_hostname_ca review takes UUIDs, and names the field when an id is unsafe", () => {
    const base = { kind: "switch_hostname_ca", zoneId: ZONE, certificateAuthority: "" } as const;
    expect(createReviewSchema.safeParse({ ...base, hostnameIds: [UUID, HEX] }).success).toBe(true);
    for (const bad of HOSTILE) {
      const parsed = createReviewSchema.safeParse({ ...base, hostnameIds: [bad] });
      expect(parsed.success, bad).toBe(false);
      expect(parsed.error?.issues[0]?.path).toEqual(["hostnameIds", 0]);
    }
    expect(createReviewSchema.safeParse({ ...base, zoneId: UUID, hostnameIds: [UUID] }).success).toBe(false);
  });

  it("the switch script holds a PATCH for a UUID hostname, and none for an unsafe id", () => {
    const row = (id: string): CertificateRow =>
      ({
        zoneId: ZONE,
        zoneName: "z.com",
        kind: "custom_hostname",
        id,
        hosts: ["app.customer.example"],
        certificateAuthority: "lets_encrypt",
        bundleMethod: "ubiquitous",
        uploadedOn: null,
        expiresOn: null,
        verdict: "action_required",
        reason: "",
        action: "",
        status: "active",
        validationMethod: "txt",
      }) as CertificateRow;
    expect(switchCalls([row(UUID)], "google").map((c) => c.path)).toEqual([`/zones/${ZONE}/custom_hostnames/${UUID}`]);
    expect(switchCalls(HOSTILE.map(row), "google")).toEqual([]);
  });

  it("the upstream guard lets the review's PATCH through for a UUID, never for a traversal or a zone-shaped mistake", () => {
    const allows = upstreamGuard(UPSTREAM.reviewExecute);
    expect(allows("PATCH", `/zones/${ZONE}/custom_hostnames/${UUID}`)).toBe(true);
    expect(allows("PATCH", `/zones/${ZONE}/custom_hostnames/${HEX}`)).toBe(true);
    for (const bad of HOSTILE) expect(allows("PATCH", `/zones/${ZONE}/custom_hostnames/${bad}`), bad).toBe(false);
    // A UUID where a 32-hex id belongs is refused: zone, invite and override ids stay 32 hex.
    expect(allows("PATCH", `/zones/${UUID}/custom_hostnames/${UUID}`)).toBe(false);
    expect(allows("PATCH", `/user/invites/${UUID}`)).toBe(false);
  });
});
