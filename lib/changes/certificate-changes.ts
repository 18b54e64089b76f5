// What changed in the certificate audit between two snapshots, as change records in words. Pure: compares
// the previous snapshot's print with this one's. Only zones audited in both are compared (a zone failed or
// not yet audited before has no "before"); the first snapshot has nothing to compare with.
import { ALTERNATIVE_CAS, LEGACY_CA } from "@/lib/certificates/chain-change";
import type { CertificateKind } from "@/lib/certificates/types";
import type { AuditPrints, CertificatePrint } from "@/lib/changes/audit-prints";
import { CHANGES_FORMAT, type ChangeKind, type ChangeRecord, type ChangeSubject } from "@/lib/changes/schema";

const KIND_WORDS: Record<CertificateKind, string> = {
  universal: "universal certificate pack",
  advanced: "advanced certificate pack",
  total_tls: "Total TLS certificate",
  custom_certificate: "custom certificate",
  custom_hostname: "custom hostname",
};
const SUBJECT_KIND: Record<CertificateKind, ChangeSubject["kind"]> = {
  universal: "certificate_pack",
  advanced: "certificate_pack",
  total_tls: "certificate_pack",
  custom_certificate: "custom_certificate",
  custom_hostname: "custom_hostname",
};

export interface SnapshotContext {
  snapshotId: string;
  /** When the snapshot was published: the records' recordedAt and firstSeen. */
  at: Date;
}

export function certificateChanges(previous: AuditPrints | null, current: AuditPrints, context: SnapshotContext): ChangeRecord[] {
  if (!previous) return [];
  const records: ChangeRecord[] = [];
  for (const [id, now] of Object.entries(current.certificates)) {
    if (!now.legacy || !comparable(previous, current, now.zoneId)) continue;
    const before = previous.certificates[id];
    const record = (kind: ChangeKind, words: string, details: Record<string, unknown>) => records.push(changeRecord(kind, id, now, current, words, details, context));
    if (!before) record("new_legacy_ca_certificate", `New ${KIND_WORDS[now.kind]} ${on(now)} for ${hostsWords(now)}`, { before: null, after: facts(now) });
    else if (!before.legacy) record("hostname_switched_back", switchedBackWords(now, before), { before: facts(before), after: facts(now) });
    if (now.expiresBeforeReplacement && !before?.expiresBeforeReplacement) {
      record("expires_before_replacement", expiresWords(now, context.at), { before: before ? facts(before) : null, after: facts(now), pendingReplacement: now.pendingReplacement ?? null });
    }
  }
  return records.sort((a, b) => a.zoneName.localeCompare(b.zoneName) || a.kind.localeCompare(b.kind) || a.subject.id.localeCompare(b.subject.id));
}

function comparable(previous: AuditPrints, current: AuditPrints, zoneId: string): boolean {
  return previous.zones[zoneId]?.status === "audited" && current.zones[zoneId]?.status === "audited";
}

function changeRecord(kind: ChangeKind, id: string, print: CertificatePrint, current: AuditPrints, words: string, details: Record<string, unknown>, context: SnapshotContext): ChangeRecord {
  const at = context.at.toISOString();
  return {
    version: CHANGES_FORMAT,
    id: `${context.snapshotId}:${kind}:${id}`,
    kind,
    zoneId: print.zoneId,
    zoneName: current.zones[print.zoneId]?.name ?? print.zoneId,
    subject: { kind: SUBJECT_KIND[print.kind], id, ...(print.hosts?.[0] ? { name: print.hosts[0] } : {}) },
    words,
    firstSeen: at,
    recordedAt: at,
    snapshotId: context.snapshotId,
    details: { certificateKind: print.kind, ...details },
  };
}

/** "on lets_encrypt", or for a custom certificate (no CA field) "issued by the legacy-chain CA". */
function on(print: CertificatePrint): string {
  return print.ca ? `on ${print.ca}` : `issued by the legacy-chain CA (${LEGACY_CA})`;
}

function hostsWords(print: CertificatePrint): string {
  const hosts = print.hosts ?? [];
  const more = (print.hostCount ?? hosts.length) - hosts.length;
  return `${hosts.join(", ") || "no hosts"}${more > 0 ? ` (+${more} more)` : ""}`;
}

function switchedBackWords(now: CertificatePrint, before: CertificatePrint): string {
  const was = before.ca === "" ? "the default CA" : (before.ca ?? "another CA");
  if (now.kind === "custom_hostname") return `Custom hostname ${now.hosts?.[0] ?? ""} is on ${LEGACY_CA} again (was ${was})`;
  return `${capitalised(KIND_WORDS[now.kind])} for ${hostsWords(now)} is ${on(now)} again (was ${was})`;
}

function expiresWords(print: CertificatePrint, at: Date): string {
  const day = print.expiresOn?.slice(0, 10) ?? "an unknown date";
  const verb = print.expiresOn && Date.parse(print.expiresOn) <= at.getTime() ? "expired" : "expires";
  const pending = print.pendingReplacement;
  const replacement = pending
    ? `the ${KIND_WORDS[pending.kind]} ${pending.id} on ${pending.ca ?? "another CA"} is still ${pending.status ?? "not active"}`
    : `no certificate on ${ALTERNATIVE_CAS.join(" or ")} covering its hosts is active`;
  return `${capitalised(KIND_WORDS[print.kind])} ${on(print)} for ${hostsWords(print)} ${verb} ${day} before its replacement is active: ${replacement}`;
}

function facts(print: CertificatePrint) {
  return { ca: print.ca, onLegacyCa: print.legacy, expiresOn: print.expiresOn ?? null, hosts: print.hosts ?? null };
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
