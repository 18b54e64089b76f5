// The pages' side of snapshots: the latest published snapshot (if fresh enough), how old it is and how far
// the next refresh is, and its rows served a few parts per request with a cursor, never the whole account.
import "server-only";
import { z } from "zod";
import { InvalidCursorError } from "@/lib/errors/input-error";
import { decodeCursor, encodeCursor } from "@/lib/platform/cursor";
import type { Bucket } from "@/lib/storage/bucket";
import { readJson } from "@/lib/storage/json-objects";
import { ageSeconds, percentDone } from "@/lib/snapshots/progress";
import {
  manifestSchema,
  runStateSchema,
  SNAPSHOT_FORMAT,
  snapshotKeys,
  type Manifest,
  type PartRef,
  type RunState,
} from "@/lib/snapshots/schema";

/** Rows one answer holds at most (and parts read): bounded memory per request whatever the account's size. */
const ROWS_PER_ANSWER = 2_000;
const PARTS_PER_ANSWER = 20;

export interface SnapshotInfo {
  runId: string;
  completedAt: string;
  ageSeconds: number;
  zoneCount: number;
  /** A refresh under way: its progress, 0–100. */
  refreshing: { percent: number; startedAt: string } | null;
}

/** The two objects that say where snapshots stand: the published manifest and the run under way. */
export interface SnapshotObjects {
  manifest: Manifest | null;
  run: RunState | null;
}

export async function readSnapshotObjects(bucket: Bucket, account: string): Promise<SnapshotObjects> {
  const keys = snapshotKeys(account);
  const [latest, state] = await Promise.all([readJson(bucket, keys.latest, manifestSchema), readJson(bucket, keys.state, runStateSchema)]);
  // A snapshot of another format is not served (its rows lack fields the pages read): as if there were none.
  const manifest = latest?.value.format === SNAPSHOT_FORMAT ? latest.value : null;
  return { manifest, run: state?.value ?? null };
}

/** What the pages show of those objects at `now`: the age moves on even when the objects are remembered. */
export function describeSnapshots(
  { manifest: m, run }: SnapshotObjects,
  now = new Date(),
): { manifest: Manifest | null; info: SnapshotInfo | null; refreshing: SnapshotInfo["refreshing"] } {
  const refreshing = run && run.phase !== "published" ? { percent: percentDone(run), startedAt: run.startedAt } : null;
  if (!m) return { manifest: null, info: null, refreshing };
  return {
    manifest: m,
    info: { runId: m.runId, completedAt: m.completedAt, ageSeconds: ageSeconds(m.completedAt, now), zoneCount: m.zoneCount, refreshing },
    refreshing,
  };
}

/** The snapshot is used while younger than the configured age. */
export function isFresh(info: SnapshotInfo | null, maxAgeMinutes: number): info is SnapshotInfo {
  return info !== null && info.ageSeconds < maxAgeMinutes * 60;
}

export interface SnapshotSlice<T> {
  rows: T[];
  cursor?: string;
}

/** Rows of `parts` from the cursor's part on, up to the per-answer bound; the cursor names the run. */
export async function readSlice<T>(
  bucket: Bucket,
  manifest: Manifest,
  kind: "zones" | "certificates",
  cursor: string | undefined,
  read: (bucket: Bucket, part: PartRef) => Promise<T[]>,
  weigh: (items: T[]) => number = (items) => items.length,
): Promise<SnapshotSlice<T>> {
  const operation = `snapshot-${kind}`;
  const start = cursor
    ? decodeCursor(operation, { run: z.string(), part: z.number().int().min(0) }, cursor)
    : { run: manifest.runId, part: 0 };
  // A newer snapshot was published since the first page: mixing two snapshots would be wrong, so start again.
  if (start.run !== manifest.runId) throw new InvalidCursorError();
  const parts = kind === "zones" ? manifest.zoneParts : manifest.certificateParts;
  const rows: T[] = [];
  let weight = 0;
  let index = start.part;
  while (index < parts.length && weight < ROWS_PER_ANSWER && index - start.part < PARTS_PER_ANSWER) {
    const items = await read(bucket, parts[index]!);
    rows.push(...items);
    weight += weigh(items);
    index++;
  }
  return { rows, cursor: index < parts.length ? encodeCursor(operation, { run: manifest.runId, part: index }) : undefined };
}
