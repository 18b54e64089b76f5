// A zone's baseline: the http_request_firewall_managed configuration a review approved and executed, kept
// in the bucket as `baselines/{zoneId}.json` (validated when read, a format number for later changes).
// Drift watch compares the live entry point with it; only an executed review writes it.
import { z } from "zod";
import type { Bucket } from "@/lib/storage/bucket";
import { listAll, readJson, writeJson, type Stored } from "@/lib/storage/json-objects";

export const BASELINE_PREFIX = "baselines/";
export const baselineKey = (zoneId: string) => `${BASELINE_PREFIX}${zoneId}.json`;
/** The zone id of a baseline's key, or undefined for a key that is not one. */
export const zoneIdOfBaselineKey = (key: string) => /^baselines\/([0-9a-f]{32})\.json$/.exec(key)?.[1];

/** The review kinds whose execution sets a zone's baseline. */
export const BASELINE_KINDS = ["start_validation", "complete_migration", "accept_baseline"] as const;
export type BaselineKind = (typeof BASELINE_KINDS)[number];

const ruleSchema = z.looseObject({
  id: z.string().optional(),
  ref: z.string().optional(),
  action: z.string().optional(),
  expression: z.string().optional(),
});

/** The entry point as the platform answered: with the rule ids and refs it assigned. */
export const entrypointSnapshotSchema = z.object({
  id: z.string(),
  version: z.string(),
  lastUpdated: z.string(),
  rules: z.array(ruleSchema),
});

export const baselineSchema = z.object({
  format: z.literal(1),
  zoneId: z.string().regex(/^[0-9a-f]{32}$/),
  zoneName: z.string(),
  /** The zone's account, from the review that set the baseline (absent on older baselines): drift records name it. */
  account: z.object({ id: z.string(), name: z.string() }).optional(),
  /**
   * The configured entry whose credentials read the zone (the review's `entry`): drift watch checks the zone with it and no
   * other. Absent on older baselines: those are the first entry's, as their reviews were (lib/accounts/review-entry.ts).
   */
  entry: z.string().optional(),
  /** The review that approved this configuration, its kind, and who approved and executed it. */
  reviewId: z.uuid(),
  reviewKind: z.enum(BASELINE_KINDS),
  approvedBy: z.string().optional(),
  executedBy: z.string().optional(),
  /** When the review's execution made this the baseline. */
  at: z.string(),
  /** What the review approved: the PUT's body (an accepted drift: the live entry point it froze). */
  configuration: z.looseObject({ name: z.string().optional(), rules: z.array(ruleSchema) }),
  /** The entry point the PUT answered, when it answered one (a call verified after a restart did not). */
  entrypoint: entrypointSnapshotSchema.optional(),
});
export type Baseline = z.infer<typeof baselineSchema>;
export type EntrypointSnapshot = z.infer<typeof entrypointSnapshotSchema>;

export function readBaseline(bucket: Bucket, zoneId: string): Promise<Stored<Baseline> | null> {
  return readJson(bucket, baselineKey(zoneId), baselineSchema);
}

/**
 * Replaces the zone's baseline; the metadata lets a listing say which review set it, and whose credentials check it,
 * without reading it.
 */
export async function writeBaseline(bucket: Bucket, baseline: Baseline): Promise<void> {
  const value = baselineSchema.parse(baseline);
  const customMetadata = { reviewId: value.reviewId, at: value.at, ...(value.entry ? { entry: value.entry } : {}) };
  await writeJson(bucket, baselineKey(value.zoneId), value, { customMetadata });
}

/** The rules drift is measured against: as deployed (ids and refs the platform gave them) when known. */
export function baselineRules(baseline: Baseline): Array<Record<string, unknown>> {
  return baseline.entrypoint?.rules ?? baseline.configuration.rules;
}

/** Every zone with a baseline, in key order (tests and the zone page; the refresh walks them in budgeted pages). */
export async function baselineZoneIds(bucket: Bucket): Promise<string[]> {
  const ids: string[] = [];
  for await (const object of listAll(bucket, { prefix: BASELINE_PREFIX })) {
    const id = zoneIdOfBaselineKey(object.key);
    if (id) ids.push(id);
  }
  return ids;
}
