// A compact print of the certificate audit, per zone: each certificate's id with one letter saying whether
// it is on the legacy-chain CA (and expires before a replacement is active) or, if not, which CA it is on.
// The next snapshot compares its rows with it instead of reading the previous snapshot's rows again.
import { z } from "zod";
import { LEGACY_CA } from "@/lib/certificates/chain-change";
import { servingStatus } from "@/lib/certificates/serving-status";
import type { CertificateRow, ZoneOutcome } from "@/lib/certificates/types";

/** Managed certificates renew 30 days before they expire, and the platform e-mails 30 days before a custom one does. */
export const EXPIRY_HORIZON_DAYS = 30;
const DAY_MS = 86_400_000;

/** L: on the legacy-chain CA, needing action; F: that, and it expires before a replacement is active. Else the CA. */
const CA_CODES: Record<string, string> = { google: "g", ssl_com: "s", digicert: "d", "": "e", [LEGACY_CA]: "u" };
export const LEGACY_CODES = new Set(["L", "F"]);
const CA_OF_CODE = Object.fromEntries(Object.entries(CA_CODES).map(([ca, code]) => [code, ca]));

/** The CA a code names ("" is the default CA); undefined when it named none or another. */
export const caOfCode = (code: string): string | undefined => CA_OF_CODE[code];

export const zonePrintSchema = z.object({
  /** Set once the zone is finished in the run: only a zone audited in both snapshots is compared. */
  status: z.enum(["audited", "failed"]).optional(),
  certificates: z.record(z.string(), z.string().length(1)),
});
export type ZonePrint = z.infer<typeof zonePrintSchema>;

export const PRINT_SHARD_FORMAT = 1;
/** The prints of one zone-list part's zones (500 at most, in name order): the unit a step reads and writes. */
export const printShardSchema = z.object({ format: z.literal(PRINT_SHARD_FORMAT), zones: z.record(z.string(), zonePrintSchema) });
export type PrintShard = z.infer<typeof printShardSchema>;

/** Issued by the legacy-chain CA and not left alone by the rules (a universal pack there is switched automatically). */
export function needsLegacyAction(row: CertificateRow): boolean {
  // Serving no traffic is no action; an mh_custom or managed_hostname pack's custom hostnames have rows of their own.
  if (row.verdict === "no_action" || row.verdict === "not_serving") return false;
  if (row.kind === "mh_custom" || row.kind === "managed_hostname") return false;
  // A custom certificate (or a custom hostname's uploaded one) has no CA field: its verdict is no_action exactly
  // when its issuer is another CA.
  return row.certificateAuthority === LEGACY_CA || row.kind === "custom_certificate" || row.uploaded === true;
}

/** Whether `host` is covered by `name` (exactly, or by a wildcard one label deep). */
function covers(name: string, host: string): boolean {
  const n = name.toLowerCase();
  const h = host.toLowerCase();
  if (n === h) return true;
  if (!n.startsWith("*.") || h.startsWith("*.") || !h.endsWith(n.slice(1))) return false;
  const label = h.slice(0, h.length - n.length + 1);
  return label.length > 0 && !label.includes(".");
}

/** Serving as the audit's status gate reads it (active, pending expiration, deletion timed out), not only "active". */
const serves = (row: CertificateRow): boolean => servingStatus(row)?.serving === "serving";

export interface LegacyFacts {
  /** Expires within EXPIRY_HORIZON_DAYS (or has expired) and no certificate on another CA covering its hosts is active. */
  expiresBeforeReplacement: boolean;
  /** A certificate on another CA covering its hosts that is not active yet. */
  pendingReplacement?: CertificateRow;
}

/**
 * What the audit says of each legacy certificate among rows read together: a zone's packs and custom
 * certificates (the only replacements: custom hostnames are switched in place) are always read in one step.
 */
export function legacyFacts(rows: readonly CertificateRow[], at: Date): Map<CertificateRow, LegacyFacts> {
  const horizon = at.getTime() + EXPIRY_HORIZON_DAYS * DAY_MS;
  // Candidates per zone, once: a step holds thousands of custom hostnames but few packs and custom certificates.
  const candidates = new Map<string, CertificateRow[]>();
  for (const row of rows) {
    // A replacement serves traffic, or will: a deleted or timed-out certificate on another CA replaces nothing. Custom
    // hostnames are switched in place, and the packs of their certificates (below) are read in other steps than they are.
    if (row.verdict === "not_serving" || needsLegacyAction(row) || row.certificateAuthority === LEGACY_CA) continue;
    if (row.kind === "custom_hostname" || row.kind === "mh_custom" || row.kind === "managed_hostname") continue;
    candidates.set(row.zoneId, [...(candidates.get(row.zoneId) ?? []), row]);
  }
  const out = new Map<CertificateRow, LegacyFacts>();
  for (const row of rows) {
    if (!needsLegacyAction(row)) continue;
    const found = (candidates.get(row.zoneId) ?? []).filter((other) =>
      row.hosts.every((host) => other.hosts.some((name) => covers(name, host))),
    );
    const expires = row.expiresOn ? Date.parse(row.expiresOn) : Number.NaN;
    const pendingReplacement = found.find((r) => !serves(r));
    out.set(row, {
      expiresBeforeReplacement: !Number.isNaN(expires) && expires < horizon && !found.some(serves),
      ...(pendingReplacement ? { pendingReplacement } : {}),
    });
  }
  return out;
}

/** The prints of rows read together, and of the zones finished with them. */
export function printRows(rows: readonly CertificateRow[], zones: readonly ZoneOutcome[], at: Date): Record<string, ZonePrint> {
  const facts = legacyFacts(rows, at);
  const prints: Record<string, ZonePrint> = {};
  const zone = (zoneId: string) => (prints[zoneId] ??= { certificates: {} });
  for (const row of rows) {
    const legacy = facts.get(row);
    zone(row.zoneId).certificates[row.id] = legacy
      ? legacy.expiresBeforeReplacement
        ? "F"
        : "L"
      : (CA_CODES[row.certificateAuthority ?? "\u0000"] ?? "n");
  }
  for (const outcome of zones) zone(outcome.zoneId).status = outcome.status;
  return prints;
}

/** `later` added to `earlier`, zone by zone: a certificate read again keeps the later reading. */
export function mergePrints(earlier: Record<string, ZonePrint>, later: Record<string, ZonePrint>): Record<string, ZonePrint> {
  const out = { ...earlier };
  for (const [zoneId, print] of Object.entries(later)) {
    const before = out[zoneId];
    out[zoneId] = {
      ...((print.status ?? before?.status) ? { status: print.status ?? before?.status } : {}),
      certificates: { ...before?.certificates, ...print.certificates },
    };
  }
  return out;
}
