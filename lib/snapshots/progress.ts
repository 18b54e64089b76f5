// The refresh run's progress as pure functions: a new run, how far it is, and whether a trigger should
// start one. No I/O here: tests drive them with plain values.
import { newDriftProgress } from "@/lib/drift/progress";
import { SNAPSHOT_FORMAT, type RunState } from "@/lib/snapshots/schema";

export function newRun(runId: string, now: Date): RunState {
  const at = now.toISOString();
  return {
    runId,
    format: SNAPSHOT_FORMAT,
    startedAt: at,
    updatedAt: at,
    phase: "drift",
    drift: newDriftProgress(),
    listPage: 1,
    zoneListParts: [],
    scanOffset: 0,
    zoneParts: [],
    certificateZone: 0,
    hostnamePage: 0,
    certificateParts: [],
    steps: 0,
  };
}

/** 0–100: listing, migration scan and certificate audit weigh alike, per zone. */
export function percentDone(state: RunState): number {
  if (state.phase === "published") return 100;
  const total = state.zoneCount;
  if (!total) return 0;
  const listed = state.zoneListParts.reduce((sum, p) => sum + p.count, 0);
  return Math.min(99, Math.floor(((listed + state.scanOffset + state.certificateZone) / (3 * total)) * 100));
}

/** A trigger starts a new run when none is under way and the published snapshot is old enough (or asked to). */
export function shouldStartRun(state: RunState | null, now: Date, options: { restart: boolean; refreshAfterMinutes: number }): boolean {
  if (!state) return true;
  if (state.phase !== "published") return false; // a run under way is continued, even when asked to restart
  if (options.restart) return true;
  const age = now.getTime() - new Date(state.publishedAt ?? state.updatedAt).getTime();
  return age >= options.refreshAfterMinutes * 60_000;
}

/** Seconds since a moment, never negative. */
export function ageSeconds(at: string, now: Date): number {
  return Math.max(0, Math.round((now.getTime() - new Date(at).getTime()) / 1000));
}
