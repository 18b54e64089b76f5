// The certificate audit's changes inside a snapshot refresh. Each step adds the print of the rows it audited
// to the run's print (one object: a read and a write); the publishing step compares it with the previous
// snapshot's print and names the change object in the manifest, written once the manifest is published.
// Nothing here re-reads a snapshot's parts: the comparison costs three subrequests whatever the account's size.
import { z } from "zod";
import { auditPrintsSchema, emptyPrints, mergePrints, printRows, type AuditPrints } from "@/lib/changes/audit-prints";
import { certificateChanges } from "@/lib/changes/certificate-changes";
import type { ChangeRecord } from "@/lib/changes/schema";
import { changeObjectKey, recordChanges } from "@/lib/changes/store";
import type { CertificateRow, ZoneOutcome } from "@/lib/certificates/types";
import { hasBody, type Bucket } from "@/lib/storage/bucket";
import { writeJson } from "@/lib/storage/json-objects";
import { manifestSchema, type Manifest } from "@/lib/snapshots/schema";

export const auditPrintsKey = (account: string, runId: string) => `snapshots/${account}/runs/${runId}/audit-prints.json`;
/** A step's bucket calls for the print: the run's print read and written again. */
export const PRINT_CALLS = 2;
/** The publishing step's calls: the manifest read and written, the two prints read, the change object and the state written. */
export const PUBLISH_CALLS = 6;

/** This step's print of the audit, added to the run's at the end of the step. */
export class StepPrints {
  private step: AuditPrints | null = null;
  private whole: AuditPrints | null = null;

  add(rows: readonly CertificateRow[], zones: readonly ZoneOutcome[], at: Date): void {
    if (rows.length + zones.length > 0) this.step = mergePrints(this.step ?? emptyPrints(), printRows(rows, zones, at));
  }

  /** Adds the step's print to the run's, on the etag read: false when another runner wrote it in between. */
  async save(bucket: Bucket, key: string): Promise<boolean> {
    if (!this.step) return true;
    const stored = await readPrints(bucket, key);
    const merged = mergePrints(stored.prints ?? emptyPrints(), this.step);
    const written = await writeJson(bucket, key, merged, { onlyIf: stored.etag ? { etagMatches: stored.etag } : { etagDoesNotMatch: "*" } });
    if (!written) return false;
    this.whole = merged;
    return true;
  }

  /** The run's whole print: the one this step saved, or read. */
  async run(bucket: Bucket, key: string): Promise<AuditPrints> {
    return this.whole ?? (await readPrints(bucket, key)).prints ?? emptyPrints();
  }
}

/**
 * A print that is missing or does not validate counts as none: its zones are then not compared, so a lost
 * print hides changes for one snapshot but never invents one. The etag is kept so a broken one is replaced.
 */
async function readPrints(bucket: Bucket, key: string): Promise<{ prints: AuditPrints | null; etag?: string }> {
  const object = await bucket.get(key);
  if (!hasBody(object)) return { prints: null };
  return { prints: parsed(auditPrintsSchema, await object.text()), etag: object.etag };
}

/** The published manifest (any format) and its etag, or nulls: a broken one is replaced, never trusted. */
export async function readPublished(bucket: Bucket, key: string): Promise<{ manifest: Manifest | null; etag?: string }> {
  const object = await bucket.get(key);
  if (!hasBody(object)) return { manifest: null };
  return { manifest: parsed(manifestSchema, await object.text()), etag: object.etag };
}

function parsed<T>(schema: z.ZodType<T>, text: string): T | null {
  try {
    const result = schema.safeParse(JSON.parse(text));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

export interface PlannedChanges {
  records: ChangeRecord[];
  /** What the manifest says of them: the object they are written to. */
  ref?: { key: string; count: number };
}

/** The changes since the previous snapshot, and the key they will be written under (named by the run). */
export async function planAuditChanges(bucket: Bucket, account: string, previous: Manifest | null, current: AuditPrints, runId: string, at: Date): Promise<PlannedChanges> {
  const before = previous ? (await readPrints(bucket, auditPrintsKey(account, previous.runId))).prints : null;
  const records = certificateChanges(before, current, { snapshotId: runId, at });
  if (records.length === 0) return { records };
  return { records, ref: { key: changeObjectKey(records, runId, at), count: records.length } };
}

/** Writes the planned records once the manifest naming them is published. */
export async function writePlannedChanges(bucket: Bucket, planned: PlannedChanges, runId: string, at: Date): Promise<void> {
  await recordChanges(bucket, planned.records, { now: at, tag: runId });
}
