// What changed in the certificate audit since the previous snapshot, as change records in words. Pure:
// rows read now against the previous snapshot's prints of their zones. Only zones audited in the previous
// snapshot are compared (a zone that failed or did not exist then has no "before").
import { ALTERNATIVE_CAS, LEGACY_CA } from "@/lib/certificates/chain-change";
import type { CertificateKind, CertificateRow } from "@/lib/certificates/types";
import { caOfCode, LEGACY_CODES, legacyFacts, type LegacyFacts, type ZonePrint } from "@/lib/changes/audit-prints";
import { CHANGES_FORMAT, type ChangeKind, type ChangeRecord, type ChangeSubject } from "@/lib/changes/schema";

const KIND_WORDS: Record<CertificateKind, string> = {
  universal: "universal certificate pack",
  advanced: "advanced certificate pack",
  total_tls: "Total TLS certificate",
  custom_certificate: "custom certificate",
  custom_hostname: "custom hostname",
  mh_custom: "mh_custom certificate pack",
  managed_hostname: "managed_hostname certificate pack",
  other_pack: "certificate pack",
};
const SUBJECT_KIND: Record<CertificateKind, ChangeSubject["kind"]> = {
  universal: "certificate_pack",
  advanced: "certificate_pack",
  total_tls: "certificate_pack",
  custom_certificate: "custom_certificate",
  custom_hostname: "custom_hostname",
  mh_custom: "certificate_pack",
  managed_hostname: "certificate_pack",
  other_pack: "certificate_pack",
};
const HOSTS_NAMED = 5;

export interface SnapshotContext {
  snapshotId: string;
  /** When the rows were read: the records' recordedAt and firstSeen, and the expiry horizon's start. */
  at: Date;
}

/** `previous`: the previous snapshot's prints of the rows' zones (absent zones were not in it). */
export function certificateChanges(
  previous: Readonly<Record<string, ZonePrint>>,
  rows: readonly CertificateRow[],
  context: SnapshotContext,
): ChangeRecord[] {
  const facts = legacyFacts(rows, context.at);
  const records: ChangeRecord[] = [];
  for (const [row, legacy] of facts) {
    const zone = previous[row.zoneId];
    if (zone?.status !== "audited") continue;
    const before = zone.certificates[row.id];
    const record = (kind: ChangeKind, words: string, details: Record<string, unknown>) =>
      records.push(changeRecord(kind, row, words, details, context));
    const after = { ca: row.certificateAuthority, onLegacyCa: true, expiresOn: row.expiresOn, hosts: row.hosts.slice(0, HOSTS_NAMED) };
    if (before === undefined)
      record("new_legacy_ca_certificate", `New ${KIND_WORDS[row.kind]} ${on(row)} for ${hostsWords(row)}`, { before: null, after });
    // "u": a universal pack already on lets_encrypt that the rules would have moved: not a switch back.
    else if (!LEGACY_CODES.has(before) && before !== "u")
      record("hostname_switched_back", switchedBackWords(row, caOfCode(before)), {
        before: { ca: caOfCode(before) ?? null, onLegacyCa: false },
        after,
      });
    if (legacy.expiresBeforeReplacement && before !== "F")
      record("expires_before_replacement", expiresWords(row, legacy, context.at), {
        before: null,
        after,
        pendingReplacement: replacementFacts(legacy),
      });
  }
  return records.sort(
    (a, b) => a.zoneName.localeCompare(b.zoneName) || a.kind.localeCompare(b.kind) || a.subject.id.localeCompare(b.subject.id),
  );
}

function changeRecord(
  kind: ChangeKind,
  row: CertificateRow,
  words: string,
  details: Record<string, unknown>,
  context: SnapshotContext,
): ChangeRecord {
  const at = context.at.toISOString();
  return {
    version: CHANGES_FORMAT,
    id: `${context.snapshotId}:${kind}:${row.id}`,
    kind,
    zoneId: row.zoneId,
    zoneName: row.zoneName,
    ...(row.account ? { account: { id: row.account.id, name: row.account.name } } : {}),
    subject: { kind: SUBJECT_KIND[row.kind], id: row.id, ...(row.hosts[0] ? { name: row.hosts[0] } : {}) },
    words,
    firstSeen: at,
    recordedAt: at,
    snapshotId: context.snapshotId,
    details: { certificateKind: row.kind, ...details },
  };
}

/** "on lets_encrypt", or for a custom certificate (no CA field) "issued by the legacy-chain CA". */
function on(row: CertificateRow): string {
  return row.certificateAuthority ? `on ${row.certificateAuthority}` : `issued by the legacy-chain CA (${LEGACY_CA})`;
}

function hostsWords(row: CertificateRow): string {
  const more = row.hosts.length - HOSTS_NAMED;
  return `${row.hosts.slice(0, HOSTS_NAMED).join(", ") || "no hosts"}${more > 0 ? ` (+${more} more)` : ""}`;
}

function switchedBackWords(row: CertificateRow, was: string | undefined): string {
  const previous = was === "" ? "the default CA" : (was ?? "another CA");
  if (row.kind === "custom_hostname") return `Custom hostname ${row.hosts[0] ?? row.id} is on ${LEGACY_CA} again (was ${previous})`;
  return `${capitalised(KIND_WORDS[row.kind])} for ${hostsWords(row)} is ${on(row)} again (was ${previous})`;
}

function expiresWords(row: CertificateRow, legacy: LegacyFacts, at: Date): string {
  const day = row.expiresOn?.slice(0, 10) ?? "an unknown date";
  const verb = row.expiresOn && Date.parse(row.expiresOn) <= at.getTime() ? "expired" : "expires";
  const pending = legacy.pendingReplacement;
  const replacement = pending
    ? `the ${KIND_WORDS[pending.kind]} ${pending.id} on ${pending.certificateAuthority ?? "another CA"} is still ${pending.status ?? "not active"}`
    : `no certificate on ${ALTERNATIVE_CAS.join(" or ")} covering its hosts is active`;
  return `${capitalised(KIND_WORDS[row.kind])} ${on(row)} for ${hostsWords(row)} ${verb} ${day} before its replacement is active: ${replacement}`;
}

function replacementFacts(legacy: LegacyFacts) {
  const p = legacy.pendingReplacement;
  return p ? { id: p.id, kind: p.kind, ca: p.certificateAuthority, status: p.status } : null;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
