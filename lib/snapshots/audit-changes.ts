// The certificate audit's changes inside a snapshot refresh. A step's certificate work stays inside one
// zone-list part (500 zones in name order); at its end the step adds its print to that part's print shard
// (one read, one write), reads the previous snapshot's shard(s) spanning the same zone names (one, at a
// boundary two) and compares its rows with them. Bytes per step stay bounded by one part, whatever the
// account's size, and no snapshot's rows are read again.
import { z } from "zod";
import { mergePrints, PRINT_SHARD_FORMAT, printRows, printShardSchema, type ZonePrint } from "@/lib/changes/audit-prints";
import { certificateChanges } from "@/lib/changes/certificate-changes";
import type { ChangeRecord } from "@/lib/changes/schema";
import { changeObjectKey, recordChanges } from "@/lib/changes/store";
import type { CertificateRow, ZoneOutcome } from "@/lib/certificates/types";
import { hasBody, type Bucket } from "@/lib/storage/bucket";
import { writeJson } from "@/lib/storage/json-objects";
import { manifestSchema, type Manifest, type PrintShardRef, type RunState } from "@/lib/snapshots/schema";

/** The calls a step's certificate work keeps for its print: the shard read and written, two previous shards read, the change object written. */
export const PRINT_CALLS = 5;
const PREVIOUS_SHARDS = 2;

export const printShardKey = (account: string, runId: string, part: number) =>
  `snapshots/${account}/runs/${runId}/prints-${String(part).padStart(5, "0")}.json`;

/** A zone-list part's place in the print shards: its index and the lowest and highest zone name in it. */
export function shardOf(index: number, zones: ReadonlyArray<{ name: string }>): { index: number; from: string; to: string } {
  const names = zones.map((z) => z.name).sort();
  return { index, from: names[0] ?? "", to: names.at(-1) ?? "" };
}

/** What one step read of the certificate audit, all inside one zone-list part. */
export class StepPrints {
  part?: { index: number; from: string; to: string };
  private readonly rows: CertificateRow[] = [];
  private readonly zones: ZoneOutcome[] = [];

  add(part: { index: number; from: string; to: string }, rows: readonly CertificateRow[], zones: readonly ZoneOutcome[]): void {
    if (rows.length + zones.length === 0) return;
    this.part = part;
    this.rows.push(...rows);
    this.zones.push(...zones);
  }

  /** Adds the step's print to its shard on the etag read: false when another runner wrote it in between. */
  async save(bucket: Bucket, account: string, state: RunState, at: Date): Promise<boolean> {
    if (!this.part) return true;
    const key = printShardKey(account, state.runId, this.part.index);
    const stored = await readShard(bucket, key);
    const zones = mergePrints(stored.zones ?? {}, printRows(this.rows, this.zones, at));
    const written = await writeJson(
      bucket,
      key,
      { format: PRINT_SHARD_FORMAT, zones },
      { onlyIf: stored.etag ? { etagMatches: stored.etag } : { etagDoesNotMatch: "*" } },
    );
    if (!written) return false;
    const shards = (state.printShards ?? []).filter((s) => s.part !== this.part!.index);
    state.printShards = [...shards, { part: this.part.index, key, from: this.part.from, to: this.part.to }].sort((a, b) => a.part - b.part);
    return true;
  }

  /** The step's rows against the previous snapshot's prints of the same zone names. */
  async compare(bucket: Bucket, state: RunState, at: Date): Promise<ChangeRecord[]> {
    if (!this.part || this.rows.length === 0 || !state.previous) return [];
    const names = [...new Set(this.rows.map((r) => r.zoneName))];
    const holds = (shard: PrintShardRef) => names.filter((n) => shard.from <= n && n <= shard.to).length;
    // One shard in name order, two at a boundary; never more than the calls kept for it.
    const spanning = state.previous.printShards
      .filter((shard) => holds(shard) > 0)
      .sort((a, b) => holds(b) - holds(a))
      .slice(0, PREVIOUS_SHARDS);
    let previous: Record<string, ZonePrint> = {};
    for (const shard of spanning) previous = { ...previous, ...((await readShard(bucket, shard.key)).zones ?? {}) };
    return certificateChanges(previous, this.rows, { snapshotId: state.runId, at });
  }
}

/**
 * A shard that is missing or does not validate counts as none: its zones are then not compared, so a lost
 * print hides changes for one snapshot but never invents one. The etag is kept so a broken one is replaced.
 */
async function readShard(bucket: Bucket, key: string): Promise<{ zones?: Record<string, ZonePrint>; etag?: string }> {
  const object = await bucket.get(key);
  if (!hasBody(object)) return {};
  return { zones: parsed(printShardSchema, await object.text())?.zones, etag: object.etag };
}

/** The published manifest (any format) and its etag, or nulls: a broken one is replaced, never trusted. */
export async function readPublished(bucket: Bucket, key: string): Promise<{ manifest: Manifest | null; etag?: string }> {
  const object = await bucket.get(key);
  if (!hasBody(object)) return { manifest: null };
  return { manifest: parsed(manifestSchema, await object.text()), etag: object.etag };
}

/** What a new run compares with: the published snapshot's prints, if it kept any. */
export function previousOf(manifest: Manifest | null): RunState["previous"] {
  return manifest?.printShards ? { runId: manifest.runId, printShards: manifest.printShards } : null;
}

function parsed<T>(schema: z.ZodType<T>, text: string): T | null {
  try {
    const result = schema.safeParse(JSON.parse(text));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

/** Names the step's records in the run state (the key is known before the write), to be written once the state is saved. */
export function planRecords(
  state: RunState,
  records: readonly ChangeRecord[],
  at: Date,
): { records: readonly ChangeRecord[]; tag: string } | undefined {
  if (records.length === 0) return undefined;
  const tag = `${state.runId}-${state.steps}`;
  const known = state.changes ?? { keys: [], count: 0 };
  state.changes = { keys: [...known.keys, changeObjectKey(records, tag, at)], count: known.count + records.length };
  return { records, tag };
}

/** Writes the step's records after the state naming them was saved: a runner that lost the race records nothing. */
export async function writeRecords(bucket: Bucket, planned: ReturnType<typeof planRecords>, at: Date): Promise<void> {
  if (planned) await recordChanges(bucket, planned.records, { now: at, tag: planned.tag });
}
