// A valid change record, for tests that need one and change a field or two.
import { CHANGES_FORMAT, type ChangeRecord } from "@/lib/changes/schema";

export function changeRecord(overrides: Partial<ChangeRecord> = {}): ChangeRecord {
  return {
    version: CHANGES_FORMAT,
    id: `change-${crypto.randomUUID()}`,
    kind: "hostname_switched_back",
    zoneId: "0123456789abcdef0123456789abcdef",
    zoneName: "example.com",
    subject: { kind: "custom_hostname", id: "9b1c2e44-0f3a-4c55-8d1e-2a3b4c5d6e7f", name: "shop.example.com" },
    words: "shop.example.com is issued by lets_encrypt again (was google)",
    firstSeen: "2025-03-01T10:00:00.000Z",
    recordedAt: "2025-03-01T10:00:00.000Z",
    snapshotId: "run-1",
    ...overrides,
  };
}
