// What a snapshot refresh keeps in the bucket, validated when read: the run's progress (state.json), the
// published snapshot's manifest (latest.json, the atomic pointer) and the parts both name.
import { z } from "zod";
import { driftProgressSchema } from "@/lib/drift/progress";
import { caaFindingSchema, certificateRowSchema, migrationRowSchema, zoneOutcomeSchema, zoneRowSchema } from "@/lib/snapshots/row-schemas";

/**
 * The rows' format: a snapshot written by another version of Preflight (rows without today's fields, such
 * as a zone's `unknown` parts) is not served; the pages scan live until a refresh publishes this format.
 * 2: rows carry `unknown`, `sensitivityRow` and `mappingNote`; custom hostname ids are UUIDs.
 * 3: every part names its format.
 * 4: every row names its account (`account: {id, name}`).
 */
export const SNAPSHOT_FORMAT = 4;

/**
 * Every part carries the format it was written in: a part of another version of Preflight fails with that
 * said, instead of rows read with the wrong shape.
 */
const partFormat = z.literal(SNAPSHOT_FORMAT, {
  error: (issue) =>
    `written by another version of Preflight (format ${String(issue.input ?? "none")}); this version reads format ${SNAPSHOT_FORMAT}`,
});

export const zoneListPartSchema = z.object({ format: partFormat, zones: z.array(zoneRowSchema) });
export const zonesPartSchema = z.object({ format: partFormat, zones: z.array(migrationRowSchema) });
export const certificatesPartSchema = z.object({
  format: partFormat,
  certificates: z.array(certificateRowSchema),
  caa: z.array(caaFindingSchema),
  zones: z.array(zoneOutcomeSchema),
});

const partSchema = z.object({ key: z.string(), count: z.number().int().min(0) });
export type PartRef = z.infer<typeof partSchema>;

/** The certificate audit's print of one zone-list part's zones, and the zone names it spans (lib/changes/audit-prints.ts). */
const printShardRefSchema = z.object({ part: z.number().int().min(0), key: z.string(), from: z.string(), to: z.string() });
export type PrintShardRef = z.infer<typeof printShardRefSchema>;
/** The change objects a run recorded (what changed since the previous snapshot), and how many records they hold. */
const changeRefsSchema = z.object({ keys: z.array(z.string()), count: z.number().int().min(0) });

export const runStateSchema = z.object({
  runId: z.string(),
  /** The rows' format the run writes (absent: a run begun before formats were named). */
  format: z.number().int().optional(),
  startedAt: z.string(),
  updatedAt: z.string(),
  /** Drift first (the zones with a baseline: few, and the quickest news), then the account. */
  phase: z.enum(["drift", "list", "scan", "certificates", "published"]),
  /** The drift phase's progress (absent: a run begun before drift watch). */
  drift: driftProgressSchema.optional(),
  /** The next /zones page to list, and the zones listed so far (total once known). */
  listPage: z.number().int().min(1),
  zoneCount: z.number().int().min(0).optional(),
  zoneListParts: z.array(partSchema),
  /** Zones whose migration scan is stored. */
  scanOffset: z.number().int().min(0),
  zoneParts: z.array(partSchema),
  /** The zone whose certificates come next and, inside it, the next custom hostnames page (0: its base lists first). */
  certificateZone: z.number().int().min(0),
  hostnamePage: z.number().int().min(0),
  /** The last custom hostname read (the end of page hostnamePage - 1): the next step checks the order did not move. */
  hostnameAfter: z.string().optional(),
  certificateParts: z.array(partSchema),
  steps: z.number().int().min(0),
  /** Set when the account rate limit stopped the last step: the next one waits until then. */
  resumeAfter: z.string().optional(),
  publishedAt: z.string().optional(),
  /** The prints this run wrote, by zone-list part (absent: a run begun before prints were kept). */
  printShards: z.array(printShardRefSchema).optional(),
  /** The snapshot published when the run began, which its certificate audit is compared with (null: none). */
  previous: z
    .object({ runId: z.string(), printShards: z.array(printShardRefSchema) })
    .nullable()
    .optional(),
  changes: changeRefsSchema.optional(),
});
export type RunState = z.infer<typeof runStateSchema>;

export const manifestSchema = z.object({
  runId: z.string(),
  format: z.number().int().optional(),
  startedAt: z.string(),
  completedAt: z.string(),
  zoneCount: z.number().int().min(0),
  zoneParts: z.array(partSchema),
  certificateParts: z.array(partSchema),
  /** The certificate audit's prints, which the next snapshot compares with. */
  printShards: z.array(printShardRefSchema).optional(),
  /** The change objects of what this snapshot saw change since the previous one (absent: none compared). */
  changes: changeRefsSchema.optional(),
});
export type Manifest = z.infer<typeof manifestSchema>;

export const snapshotKeys = (account: string) => ({
  state: `snapshots/${account}/state.json`,
  latest: `snapshots/${account}/latest.json`,
  part: (runId: string, kind: string, seq: number, tag: string) =>
    `snapshots/${account}/runs/${runId}/${kind}-${String(seq).padStart(5, "0")}-${tag}.json`,
});
