// A change record as kept in the bucket: something the snapshot refresh saw change since the last snapshot
// (a zone's entry point drifted from its approved baseline, a certificate moved back to the legacy-chain CA).
// Validated when read; the object holding a refresh's records names its format so a later one is skipped.
import { z } from "zod";
import { CHANGE_KINDS } from "@/lib/changes/kinds";

/** The objects' format: an object of another format is not listed (its records may lack fields read here). */
export const CHANGES_FORMAT = 1;

export { CHANGE_KINDS, type ChangeKind } from "@/lib/changes/kinds";

export const SUBJECT_KINDS = ["entry_point", "rule", "certificate_pack", "custom_certificate", "custom_hostname"] as const;

export const changeSubjectSchema = z.object({
  kind: z.enum(SUBJECT_KINDS),
  /** The platform's id: ruleset or rule id, certificate pack id, custom hostname id. */
  id: z.string().min(1),
  /** What a person recognises: the hostname, the rule's description. */
  name: z.string().optional(),
});
export type ChangeSubject = z.infer<typeof changeSubjectSchema>;

/** The account a record's zone belongs to, as every row Preflight shows names it (lib/accounts/row-account.ts). */
export const changeAccountSchema = z.object({ id: z.string(), name: z.string() });

export const changeRecordSchema = z.object({
  version: z.literal(CHANGES_FORMAT),
  id: z.string().min(1),
  kind: z.enum(CHANGE_KINDS),
  zoneId: z.string().regex(/^[0-9a-f]{32}$/, "must be 32 lowercase hexadecimal characters"),
  zoneName: z.string(),
  /** The zone's account (absent on records written before records named it, or when it was not known). */
  account: changeAccountSchema.optional(),
  subject: changeSubjectSchema,
  /** One sentence in the platform's words: what changed. */
  words: z.string().min(1),
  /** When the change was first seen (drift that persists keeps its first sighting). */
  firstSeen: z.iso.datetime(),
  /** When this record was written. */
  recordedAt: z.iso.datetime(),
  /** The snapshot run that saw it. */
  snapshotId: z.string().min(1),
  links: z
    .object({
      /** The review the change is compared with (drift), or the one that resolved it. */
      reviewId: z.uuid().optional(),
    })
    .optional(),
  /** The structured difference behind the words (before/after values, the ruleset diff). */
  details: z.record(z.string(), z.unknown()).optional(),
});
export type ChangeRecord = z.infer<typeof changeRecordSchema>;

/** One refresh's records: a single object, so recording costs one subrequest however many changed. */
export const changeBatchSchema = z.object({
  format: z.literal(CHANGES_FORMAT),
  recordedAt: z.iso.datetime(),
  records: z.array(changeRecordSchema),
});
export type ChangeBatch = z.infer<typeof changeBatchSchema>;
