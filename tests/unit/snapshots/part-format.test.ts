import { describe, expect, it } from "vitest";
import { certificatesPartSchema, SNAPSHOT_FORMAT, zonesPartSchema } from "@/lib/snapshots/schema";

const zone = {
  id: "0123456789abcdef0123456789abcdef",
  name: "example.com",
  plan: "pro",
  planName: "Pro",
  status: "active",
  paused: false,
  type: "full",
  accountId: "a".repeat(32),
  accountName: "Acme",
  account: { id: "a".repeat(32), name: "Acme" },
  createdOn: null,
  activatedOn: null,
  verdict: "eligible",
  eligible: true,
  reasons: [],
  migrationState: "start",
  validationAvailable: false,
  sensitivity: "high",
  oldAction: "block",
  paranoiaLevel: 2,
  scoreThreshold: 40,
  newAction: "block",
  sensitivityRow: "high",
  mappingNote: "",
  lostOverrides: 0,
  unknown: [],
  fetchedAt: "2026-11-23T00:00:00Z",
};

describe("snapshot parts read back from the bucket", () => {
  it("accept a part of this format, keeping fields they do not name", () => {
    const parsed = zonesPartSchema.parse({ format: SNAPSHOT_FORMAT, zones: [{ ...zone, later: 1 }] });
    expect(parsed.zones[0]).toMatchObject({ name: "example.com", later: 1 });
  });

  it("refuse a part another version wrote, saying so", () => {
    const result = zonesPartSchema.safeParse({ format: 1, zones: [zone] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/another version of Preflight \(format 1\)/);
    expect(zonesPartSchema.safeParse({ zones: [zone] }).error?.issues[0]?.message).toMatch(/format none/);
  });

  it("refuse rows without the fields the pages show, instead of casting them", () => {
    const { verdict: _verdict, ...withoutVerdict } = zone;
    expect(zonesPartSchema.safeParse({ format: SNAPSHOT_FORMAT, zones: [withoutVerdict] }).success).toBe(false);
    expect(zonesPartSchema.safeParse({ format: SNAPSHOT_FORMAT, zones: [{ ...zone, verdict: "fine" }] }).success).toBe(false);
    const certificates = { format: SNAPSHOT_FORMAT, certificates: [{ zoneId: "z", id: "c" }], caa: [], zones: [] };
    expect(certificatesPartSchema.safeParse(certificates).success).toBe(false);
  });
});
