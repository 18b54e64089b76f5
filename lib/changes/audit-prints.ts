// A compact print of a snapshot's certificate audit: per certificate its CA, whether it is on the legacy-chain
// CA and needs action, and whether it expires before a replacement is active; per zone whether it was audited.
// The next snapshot compares with it (one object) instead of reading the previous snapshot's parts again.
import { z } from "zod";
import { LEGACY_CA } from "@/lib/certificates/chain-change";
import type { CertificateKind, CertificateRow, ZoneOutcome } from "@/lib/certificates/types";

export const AUDIT_PRINTS_FORMAT = 1;
/** Managed certificates renew 30 days before they expire, and the platform e-mails 30 days before a custom one does. */
export const EXPIRY_HORIZON_DAYS = 30;
const DAY_MS = 86_400_000;
/** Hosts a print keeps of a legacy certificate, for the change's words. */
const HOSTS_KEPT = 5;

const CERTIFICATE_KINDS = ["universal", "advanced", "total_tls", "custom_certificate", "custom_hostname"] as const satisfies readonly CertificateKind[];
const KINDS = z.enum(CERTIFICATE_KINDS);

const replacementSchema = z.object({ id: z.string(), kind: KINDS, ca: z.string().nullable(), status: z.string().nullable() });

export const certificatePrintSchema = z.object({
  zoneId: z.string(),
  kind: KINDS,
  ca: z.string().nullable(),
  /** On the legacy-chain CA with a verdict other than no_action. */
  legacy: z.boolean(),
  /** Legacy only: what the change's words name. */
  hosts: z.array(z.string()).optional(),
  hostCount: z.number().int().optional(),
  expiresOn: z.string().nullable().optional(),
  /** Legacy only: expires within EXPIRY_HORIZON_DAYS (or has expired) and no certificate on another CA covering its hosts is active. */
  expiresBeforeReplacement: z.boolean().optional(),
  /** A replacement that covers its hosts but is not active yet, if any. */
  pendingReplacement: replacementSchema.optional(),
});
export type CertificatePrint = z.infer<typeof certificatePrintSchema>;

export const auditPrintsSchema = z.object({
  format: z.literal(AUDIT_PRINTS_FORMAT),
  zones: z.record(z.string(), z.object({ name: z.string(), status: z.enum(["audited", "failed"]) })),
  certificates: z.record(z.string(), certificatePrintSchema),
});
export type AuditPrints = z.infer<typeof auditPrintsSchema>;

export const emptyPrints = (): AuditPrints => ({ format: AUDIT_PRINTS_FORMAT, zones: {}, certificates: {} });

/** Issued by the legacy-chain CA and not left alone by the rules (a universal pack there is switched automatically). */
export function needsLegacyAction(row: CertificateRow): boolean {
  if (row.verdict === "no_action") return false;
  // A custom certificate has no CA field: its verdict is no_action exactly when its issuer is another CA.
  return row.certificateAuthority === LEGACY_CA || row.kind === "custom_certificate";
}

/** Whether `host` is covered by `name` (exactly, or by a wildcard one label deep). */
function covers(name: string, host: string): boolean {
  const n = name.toLowerCase();
  const h = host.toLowerCase();
  if (n === h) return true;
  return n.startsWith("*.") && h.endsWith(n.slice(1)) && !h.slice(0, h.length - n.length + 1).includes(".") && !h.startsWith("*.");
}

/** Certificates of the same zone on another CA whose hosts cover all of `row`'s: what replaces it. */
function replacements(row: CertificateRow, zoneRows: readonly CertificateRow[]): CertificateRow[] {
  return zoneRows.filter((other) => other.id !== row.id && other.kind !== "custom_hostname" && !needsLegacyAction(other) && other.certificateAuthority !== LEGACY_CA && row.hosts.every((host) => other.hosts.some((name) => covers(name, host))));
}

/** The print of rows read together (a refresh step): a zone's packs and custom certificates are always read in one step. */
export function printRows(rows: readonly CertificateRow[], zones: readonly ZoneOutcome[], at: Date): AuditPrints {
  const prints = emptyPrints();
  for (const zone of zones) prints.zones[zone.zoneId] = { name: zone.zoneName, status: zone.status };
  const byZone = new Map<string, CertificateRow[]>();
  for (const row of rows) byZone.set(row.zoneId, [...(byZone.get(row.zoneId) ?? []), row]);
  const horizon = at.getTime() + EXPIRY_HORIZON_DAYS * DAY_MS;
  for (const row of rows) {
    const legacy = needsLegacyAction(row);
    const print: CertificatePrint = { zoneId: row.zoneId, kind: row.kind, ca: row.certificateAuthority, legacy };
    if (legacy) {
      const found = replacements(row, byZone.get(row.zoneId) ?? []);
      const expires = row.expiresOn ? Date.parse(row.expiresOn) : Number.NaN;
      const pending = found.find((r) => r.status !== "active");
      Object.assign(print, {
        hosts: row.hosts.slice(0, HOSTS_KEPT),
        hostCount: row.hosts.length,
        expiresOn: row.expiresOn,
        expiresBeforeReplacement: !Number.isNaN(expires) && expires < horizon && !found.some((r) => r.status === "active"),
        ...(pending ? { pendingReplacement: { id: pending.id, kind: pending.kind, ca: pending.certificateAuthority, status: pending.status } } : {}),
      });
    }
    prints.certificates[row.id] = print;
  }
  return prints;
}

/** `later` added to `earlier`: a certificate or zone read again keeps the later reading. */
export function mergePrints(earlier: AuditPrints, later: AuditPrints): AuditPrints {
  return { format: AUDIT_PRINTS_FORMAT, zones: { ...earlier.zones, ...later.zones }, certificates: { ...earlier.certificates, ...later.certificates } };
}
