// The refresh run's pure rules: when a trigger starts a run, and how far a run is.
import { describe, expect, it } from "vitest";
import { newRun, percentDone, shouldStartRun } from "@/lib/snapshots/progress";

const now = new Date("2026-11-22T12:00:00Z");
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000).toISOString();

describe("shouldStartRun", () => {
  const published = { ...newRun("a", now), phase: "published" as const, publishedAt: minutesAgo(30) };
  it("starts the first run", () => expect(shouldStartRun(null, now, { restart: false, refreshAfterMinutes: 60 })).toBe(true));
  it("waits until the published snapshot is old enough", () => {
    expect(shouldStartRun(published, now, { restart: false, refreshAfterMinutes: 60 })).toBe(false);
    expect(shouldStartRun(published, now, { restart: false, refreshAfterMinutes: 30 })).toBe(true);
  });
  it("restarts on request once published, but never abandons a run under way", () => {
    expect(shouldStartRun(published, now, { restart: true, refreshAfterMinutes: 60 })).toBe(true);
    expect(shouldStartRun({ ...newRun("b", now), phase: "scan" }, now, { restart: true, refreshAfterMinutes: 0 })).toBe(false);
  });
});

describe("percentDone", () => {
  it("weighs listing, scan and certificates alike, and says 100 only once published", () => {
    const run = { ...newRun("a", now), zoneCount: 100, zoneListParts: [{ key: "k", count: 100 }], scanOffset: 50, phase: "scan" as const };
    expect(percentDone(run)).toBe(50);
    expect(percentDone({ ...run, scanOffset: 100, certificateZone: 100, phase: "certificates" })).toBe(99);
    expect(percentDone({ ...run, phase: "published" })).toBe(100);
    expect(percentDone(newRun("b", now))).toBe(0);
  });
});
