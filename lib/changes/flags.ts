// The Certificates answer's flags: each certificate and zone with what changed since the previous snapshot.
import type { ChangeRecord } from "@/lib/changes/schema";
import type { CertificateRow, ZoneOutcome } from "@/lib/certificates/types";

const CERTIFICATE_SUBJECTS = new Set(["certificate_pack", "custom_certificate", "custom_hostname"]);

/** A change of the certificate audit (not drift of a zone's entry point). */
export const isCertificateChange = (record: ChangeRecord) => CERTIFICATE_SUBJECTS.has(record.subject.kind);

export function flagCertificates<R extends CertificateRow, Z extends ZoneOutcome>(
  rows: readonly R[],
  zones: readonly Z[],
  records: readonly ChangeRecord[],
): { rows: R[]; zones: Z[] } {
  const bySubject = new Map<string, ChangeRecord[]>();
  const byZone = new Map<string, Set<string>>();
  for (const record of records) {
    if (!isCertificateChange(record)) continue;
    const key = `${record.zoneId}/${record.subject.id}`;
    bySubject.set(key, [...(bySubject.get(key) ?? []), record]);
    byZone.set(record.zoneId, (byZone.get(record.zoneId) ?? new Set()).add(record.subject.id));
  }
  if (bySubject.size === 0) return { rows: [...rows], zones: [...zones] };
  return {
    rows: rows.map((row) => {
      const found = bySubject.get(`${row.zoneId}/${row.id}`);
      return found ? { ...row, changes: found.map((r) => ({ kind: r.kind, words: r.words })) } : row;
    }),
    zones: zones.map((zone) => (byZone.has(zone.zoneId) ? { ...zone, changes: byZone.get(zone.zoneId)!.size } : zone)),
  };
}
