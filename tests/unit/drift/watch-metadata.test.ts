// The flag a listing reads comes from the watch's custom metadata: it must stay within the bucket's
// 2,048 bytes whatever the changes' words, and be cut on a character, not inside one.
import { describe, expect, it } from "vitest";
import { fitBytes, watchMetadata } from "@/lib/drift/watch";
import { REVIEW_ID, ZONE_ID } from "@/tests/unit/drift/fixtures";

const bytes = (record: Record<string, string>) =>
  Object.entries(record).reduce((sum, [k, v]) => sum + new TextEncoder().encode(k + v).length, 0);

describe("watchMetadata", () => {
  it("stays within 2,048 bytes with long multi-byte words, and says it was cut", () => {
    const words = "OWASP paranoia level 2 → 3 🚧 ".repeat(200);
    const meta = watchMetadata({
      format: 1,
      zoneId: ZONE_ID,
      zoneName: "é".repeat(300),
      reviewId: REVIEW_ID,
      baselineAt: "2026-05-01T00:00:00Z",
      since: "2026-05-02T00:00:00Z",
      checkedAt: "2026-05-03T00:00:00Z",
      changes: [{ kind: "paranoia_level", words, firstSeen: "2026-05-02T00:00:00Z" }],
      failure: { at: "2026-05-03T00:00:00Z", reason: "ü".repeat(500) },
      account: { id: "ac0a1ec0ac0a1ec0ac0a1ec0ac0a1ec0", name: "ö".repeat(300) },
    });
    expect(bytes(meta)).toBeLessThanOrEqual(2048);
    expect(meta.accountId).toBe("ac0a1ec0ac0a1ec0ac0a1ec0ac0a1ec0");
    expect(meta.accountName!.endsWith("…")).toBe(true);
    expect(meta.summary!.endsWith("…")).toBe(true);
    expect(meta.changeCount).toBe("1");
  });

  it("leaves short text whole and never splits a character", () => {
    expect(fitBytes("OWASP paranoia level 2 → 3", 100)).toBe("OWASP paranoia level 2 → 3");
    const cut = fitBytes("→→→→", 8);
    expect(cut).toBe("→…");
    expect(new TextEncoder().encode(cut).length).toBeLessThanOrEqual(8);
  });
});
