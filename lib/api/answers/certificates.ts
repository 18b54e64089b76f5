// The certificate operations' answers: the audit page, one zone's re-audit, the impact of the new root, the chain inspector.
import { accountCoverageSchema } from "@/lib/api/answers/accounts";
import { z } from "zod";
import type { AccountImpact } from "@/lib/certificates/impact/account-impact";
import type { ZoneImpact } from "@/lib/certificates/impact/read-impact";
import type { AffectedZoneImpact } from "@/lib/certificates/impact/zone-affected-impact";
import type { ChainReport } from "@/lib/certificates/chain";
import type { ZoneReaudit } from "@/lib/certificates/reaudit";
import type { CertificatesPage } from "@/lib/certificates/types";
import { caaFindingSchema, certificateRowSchema, zoneOutcomeSchema } from "@/lib/snapshots/row-schemas";
import { continuation, estimateSchema, omittedFieldSchema, snapshotInfoSchema, type SameKeys } from "@/lib/api/answers/shared";

/** A zone's outcome with the changes the snapshot saw in it (the snapshot answer counts them). */
const zoneOutcome = zoneOutcomeSchema.extend({ changes: z.number().int().optional() });

export const certificatesPageSchema = z.strictObject({
  certificates: z.array(certificateRowSchema),
  caa: z.array(caaFindingSchema),
  zones: z.array(zoneOutcome),
  fetchedAt: z.string(),
  ...continuation,
  totalZones: z.number().int().optional(),
  changeCount: z.number().int().optional(),
  accounts: z.array(accountCoverageSchema).optional(),
  /** The snapshot answered (or, on a live answer, the one that exists); absent on a live answer asked for. */
  snapshot: snapshotInfoSchema.nullable().optional(),
});
const _page: SameKeys<z.output<typeof certificatesPageSchema>, CertificatesPage & { snapshot?: unknown }> = true;

export const zoneReauditSchema = z.strictObject({
  zone: zoneOutcome,
  certificates: z.array(certificateRowSchema),
  caa: z.array(caaFindingSchema),
  fetchedAt: z.string(),
});
const _reaudit: SameKeys<z.output<typeof zoneReauditSchema>, ZoneReaudit> = true;

const hostImpactSchema = z.strictObject({
  host: z.string(),
  requests: estimateSchema,
  impacted: estimateSchema,
  unknown: z.number(),
  notImpacted: z.number(),
  share: z.strictObject({ estimate: z.number(), lower: z.number(), upper: z.number() }).nullable(),
  tooFewSamples: z.boolean(),
  classified: z.number(),
  impactedBy: z.array(z.strictObject({ reason: z.string(), requests: z.number() })),
  days: z.array(z.strictObject({ date: z.string(), requests: z.number(), impacted: z.number() })),
});

export const zoneImpactSchema = z.strictObject({
  zoneId: z.string(),
  since: z.string(),
  until: z.string(),
  hosts: z.array(hostImpactSchema),
  notRead: z.array(z.strictObject({ host: z.string(), reason: z.string() })),
  ranges: z.strictObject({ read: z.number().int(), total: z.number().int() }),
  complete: z.boolean(),
  truncatedRanges: z.number().int(),
  omitted: z.array(omittedFieldSchema),
  assumed: z.array(z.string()),
  retryAfterSeconds: z.number().optional(),
});
const _zoneImpact: SameKeys<z.output<typeof zoneImpactSchema>, ZoneImpact> = true;

export const accountImpactSchema = z.strictObject({
  zones: z.array(
    z.strictObject({
      zoneId: z.string(),
      zoneName: z.string().optional(),
      status: z.enum(["read", "failed"]),
      reason: z.string().optional(),
      impact: zoneImpactSchema.optional(),
    }),
  ),
  notAffected: z.array(z.string()),
  auditComplete: z.boolean(),
  progress: z.strictObject({ done: z.number().int(), total: z.number().int() }),
  ...continuation,
});
const _accountImpact: SameKeys<z.output<typeof accountImpactSchema>, AccountImpact> = true;

/** `zone` without `host`: the zone's affected hosts, and the zone's audit they came from. */
export const affectedZoneImpactSchema = zoneImpactSchema.extend({ audit: zoneOutcome }).strict();
const _affected: SameKeys<z.output<typeof affectedZoneImpactSchema>, AffectedZoneImpact> = true;

/** Without `zone`: the account's affected zones; with `zone`: its affected hosts; with `host` too: those hosts. */
export const certificateImpactSchema = z.union([accountImpactSchema, affectedZoneImpactSchema, zoneImpactSchema]);

export const chainReportSchema = z.strictObject({
  certificates: z.array(
    z.strictObject({
      position: z.number().int(),
      subject: z.string(),
      issuer: z.string(),
      commonName: z.string(),
      issuerCommonName: z.string(),
      notBefore: z.string(),
      notAfter: z.string(),
      serialNumber: z.string(),
      key: z.string(),
      sha256: z.string(),
      selfSigned: z.boolean(),
      expired: z.boolean(),
      crossSignedIsrgRoot: z.boolean(),
    }),
  ),
  findings: z.array(
    z.strictObject({ severity: z.enum(["error", "warning", "info"]), position: z.number().int().optional(), message: z.string() }),
  ),
  path: z.string(),
  failingClients: z.array(z.string()),
  checkedAt: z.string(),
});
const _chain: SameKeys<z.output<typeof chainReportSchema>, ChainReport> = true;
