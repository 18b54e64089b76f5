// The window cache's freshness: a window still open is read again after the scan cache's 15 minutes; a
// window that ended (past the ingestion delay) before its read started is final and kept.
import { describe, expect, it } from "vitest";
import { ZONE_SCAN_TTL_MS } from "@/lib/migration/scan-cache";
import { INGESTION_DELAY_MS, WindowCache } from "@/lib/validation-mode/window-cache";
import { isoSecond } from "@/lib/validation-mode/window";

const HOUR = 3_600_000;

describe("WindowCache", () => {
  it("keeps an open window's read for 15 minutes, a past window's for good, and refresh replaces either", () => {
    let now = Date.parse("2025-03-10T12:00:00Z");
    const cache = new WindowCache(() => now);
    const open = { since: isoSecond(now - 24 * HOUR), until: isoSecond(now) };
    const past = { since: isoSecond(now - 48 * HOUR), until: isoSecond(now - INGESTION_DELAY_MS) };
    const openRead = cache.current("z", open, false);
    const pastRead = cache.current("z", past, false);
    expect(cache.current("z", open, false)).toBe(openRead);
    expect(cache.current("y", open, false)).not.toBe(openRead); // keyed by zone too

    now += ZONE_SCAN_TTL_MS;
    expect(cache.current("z", open, false)).not.toBe(openRead);
    expect(cache.current("z", past, false)).toBe(pastRead);
    expect(cache.current("z", past, true)).not.toBe(pastRead);
  });

  it("a cursor's read, once evicted, comes back empty under its id so the read starts over rather than skip", () => {
    const cache = new WindowCache(() => 0);
    const window = { since: "2025-03-01T00:00:00Z", until: "2025-03-02T00:00:00Z" };
    const first = cache.current("z", window, false);
    first.slices = [];
    for (let i = 0; i < 10; i++) cache.current(`other${i}`, window, false);
    const again = cache.byId(first.id, "z", window, first.startedAt);
    expect(again).not.toBe(first);
    expect(again).toMatchObject({ id: first.id, zoneId: "z", window });
    expect(again.slices).toBeUndefined();
  });
});
