// The rows a snapshot part holds, as zod schemas typed by the rows the live operations answer: a part read
// back from the bucket is checked field by field (never cast), and a row type that gains a required field
// fails to compile until its schema here says how to read it. Unknown extra fields pass through.
import { z } from "zod";
import type { CaaFinding, CertificateRow, ZoneOutcome } from "@/lib/certificates/types";
import type { MigrationRow } from "@/lib/migration/zone-assessment";
import type { ZoneRow } from "@/lib/platform/zones";

const nullableText = z.string().nullable();

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
  createdOn: nullableText,
  activatedOn: nullableText,
};

export const zoneRowSchema: z.ZodType<ZoneRow> = z.object(zoneFields).loose();

export const migrationRowSchema: z.ZodType<MigrationRow> = z
  .object({
    ...zoneFields,
    verdict: z.enum(["eligible", "blocked", "migrated", "validation", "failed", "retired", "unknown"]),
    eligible: z.boolean(),
    reasons: z.array(z.object({ code: z.string(), message: z.string(), nextStep: z.string().optional() }).loose()),
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
  })
  .loose();

export const certificateRowSchema: z.ZodType<CertificateRow> = z
  .object({
    zoneId: z.string(),
    zoneName: z.string(),
    kind: z.enum(["universal", "advanced", "total_tls", "custom_certificate", "custom_hostname"]),
    id: z.string(),
    hosts: z.array(z.string()),
    certificateAuthority: nullableText,
    bundleMethod: nullableText,
    uploadedOn: nullableText,
    expiresOn: nullableText,
    verdict: z.enum(["no_action", "action_required", "informational"]),
    reason: z.string(),
    action: z.string(),
    status: nullableText,
    validationMethod: nullableText,
  })
  .loose();

export const caaFindingSchema: z.ZodType<CaaFinding> = z
  .object({
    zoneId: z.string(),
    zoneName: z.string(),
    hostname: z.string(),
    relevantName: nullableText,
    records: z.array(z.string()),
    permitsLegacy: z.boolean(),
    permitsGoogle: z.boolean(),
    permitsSslCom: z.boolean(),
    defaultCa: z.enum(["google", "lets_encrypt", "none"]),
    flagged: z.boolean(),
    recordToAdd: nullableText,
    source: z.enum(["certificate", "custom_hostname"]),
    caaZoneName: z.string(),
  })
  .loose();

export const zoneOutcomeSchema: z.ZodType<ZoneOutcome> = z
  .object({ zoneId: z.string(), zoneName: z.string(), status: z.enum(["audited", "failed"]), reason: z.string().optional() })
  .loose();
