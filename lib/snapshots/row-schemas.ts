// The rows a snapshot part holds, as zod schemas typed by the rows the live operations answer: a part read
// back from the bucket is checked field by field (never cast), and a row type that changes (a field added,
// widened or narrowed) fails to compile until its schema here says the same. Unknown extra fields pass through.
import { z } from "zod";
import type { CaaFinding, CertificateRow, ZoneOutcome } from "@/lib/certificates/types";
import { CERTIFICATE_KINDS, CERTIFICATE_VERDICTS } from "@/lib/certificates/verdict";
import type { MigrationRow } from "@/lib/migration/zone-assessment";
import type { ZoneRow } from "@/lib/platform/zones";

const nullableText = z.string().nullable();

/** true only when the schema's output and the row type are the same type, field for field. */
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

const zoneFields = {
  id: z.string(),
  name: z.string(),
  plan: z.string(),
  planName: z.string(),
  status: z.string(),
  paused: z.boolean(),
  type: z.string(),
  accountId: z.string(),
  accountName: z.string(),
  account: z.object({ id: z.string(), name: z.string() }),
  createdOn: nullableText,
  activatedOn: nullableText,
  unreadable: z.string().optional(),
};

const zoneRowShape = z.object(zoneFields);
const _zoneRowExact: Exact<z.output<typeof zoneRowShape>, ZoneRow> = true;
export const zoneRowSchema = zoneRowShape.loose();

const migrationRowSchemaShape = z.object({
  ...zoneFields,
  verdict: z.enum(["eligible", "blocked", "migrated", "validation", "failed", "retired", "unknown"]),
  eligible: z.boolean(),
  reasons: z.array(z.object({ code: z.string(), message: z.string(), nextStep: z.string().optional() })),
  migrationState: z.string(),
  validationAvailable: z.boolean(),
  sensitivity: nullableText,
  oldAction: nullableText,
  paranoiaLevel: z.number().nullable(),
  scoreThreshold: z.number().nullable(),
  newAction: nullableText,
  sensitivityRow: z.enum(["high", "medium", "low", "default", "off", "unknown"]).nullable(),
  mappingNote: z.string(),
  lostOverrides: z.number().int().nullable(),
  unknown: z.array(z.string()),
  fetchedAt: z.string(),
});
const _migrationRowExact: Exact<z.output<typeof migrationRowSchemaShape>, MigrationRow> = true;
export const migrationRowSchema = migrationRowSchemaShape.loose();

const rowAccountSchema = z.object({ id: z.string(), name: z.string() });

const certificateRowSchemaShape = z.object({
  zoneId: z.string(),
  zoneName: z.string(),
  account: rowAccountSchema.optional(),
  kind: z.enum(CERTIFICATE_KINDS),
  id: z.string(),
  hosts: z.array(z.string()),
  certificateAuthority: nullableText,
  bundleMethod: nullableText,
  uploadedOn: nullableText,
  expiresOn: nullableText,
  verdict: z.enum(CERTIFICATE_VERDICTS),
  reason: z.string(),
  action: z.string(),
  status: nullableText,
  validationMethod: nullableText,
  uploaded: z.literal(true).optional(),
  changes: z.array(z.object({ kind: z.string(), words: z.string() })).optional(),
});
const _certificateRowExact: Exact<z.output<typeof certificateRowSchemaShape>, CertificateRow> = true;
export const certificateRowSchema = certificateRowSchemaShape.loose();

const caaFindingSchemaShape = z.object({
  zoneId: z.string(),
  zoneName: z.string(),
  hostname: z.string(),
  relevantName: nullableText,
  records: z.array(z.string()),
  permitsLegacy: z.boolean().nullable(),
  permitsGoogle: z.boolean().nullable(),
  permitsSslCom: z.boolean().nullable(),
  defaultCa: z.enum(["google", "lets_encrypt", "none", "unknown"]),
  flagged: z.boolean(),
  recordToAdd: nullableText,
  source: z.enum(["certificate", "custom_hostname"]),
  caaZoneName: z.string(),
});
const _caaFindingExact: Exact<z.output<typeof caaFindingSchemaShape>, CaaFinding> = true;
export const caaFindingSchema = caaFindingSchemaShape.loose();

const zoneOutcomeSchemaShape = z.object({
  zoneId: z.string(),
  zoneName: z.string(),
  account: rowAccountSchema.optional(),
  status: z.enum(["audited", "failed"]),
  reason: z.string().optional(),
});
const _zoneOutcomeExact: Exact<z.output<typeof zoneOutcomeSchemaShape>, ZoneOutcome> = true;
export const zoneOutcomeSchema = zoneOutcomeSchemaShape.loose();
