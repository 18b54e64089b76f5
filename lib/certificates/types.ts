// What GET /api/certificates answers: one row per certificate, the CAA findings, and every zone's outcome.
import type { RowAccount } from "@/lib/accounts/row-account";
import type { AccountCoverage } from "@/lib/accounts/account-answers";
import type { CaaFinding } from "@/lib/certificates/caa";
import type { CertificateKind, CertificateVerdict } from "@/lib/certificates/classify";
import { CERTIFICATE_KINDS, CERTIFICATE_VERDICTS } from "@/lib/certificates/verdict";
import type { CertificateImpact } from "@/lib/certificates/impact/certificate-impact";

export type { CaaFinding } from "@/lib/certificates/caa";
export type { CertificateKind, CertificateVerdict } from "@/lib/certificates/classify";

export interface CertificateRow {
  zoneId: string;
  zoneName: string;
  /** The zone's account, as every row Preflight shows names it (absent in snapshots published before rows named it). */
  account?: RowAccount;
  kind: CertificateKind;
  id: string;
  hosts: string[];
  certificateAuthority: string | null;
  bundleMethod: string | null;
  uploadedOn: string | null;
  expiresOn: string | null;
  verdict: CertificateVerdict;
  reason: string;
  action: string;
  /** The certificate's (or custom hostname's SSL) status as the platform reports it; a custom hostname's own status is in the reason. */
  status: string | null;
  /** Custom hostnames only: ssl.method, which a CA switch sends back unchanged. */
  validationMethod: string | null;
  /** Custom hostnames only: it serves an uploaded certificate (no CA field; its issuer decides, as for a custom certificate). */
  uploaded?: true;
  /** From a snapshot: what changed for this certificate since the previous snapshot (lib/changes). */
  changes?: Array<{ kind: string; words: string }>;
  /** The page's own: its hosts' client impact once read (GET /api/certificates/impact); the audit never sets it. */
  impact?: CertificateImpact;
}

/** Every zone of the scan appears here: a zone whose calls failed is marked failed, never dropped. */
export interface ZoneOutcome {
  zoneId: string;
  zoneName: string;
  account?: RowAccount;
  status: "audited" | "failed";
  reason?: string;
  /** From a snapshot: how many of its certificates changed since the previous snapshot. */
  changes?: number;
}

export interface CertificatesPage {
  certificates: CertificateRow[];
  caa: CaaFinding[];
  zones: ZoneOutcome[];
  /** When the scan these rows belong to started (results are reused for a few minutes). */
  fetchedAt: string;
  complete: boolean;
  cursor?: string;
  totalZones?: number;
  /** Set when the account rate limit stopped this part of the audit: wait this long before continuing. */
  retryAfterSeconds?: number;
  /** From a snapshot: the certificate audit changes it recorded since the previous snapshot (0: none). */
  changeCount?: number;
  /** What the answer covers of each account read (lib/accounts/account-answers.ts). */
  accounts?: AccountCoverage[];
}

export const KINDS: readonly CertificateKind[] = CERTIFICATE_KINDS;
export const VERDICTS: readonly CertificateVerdict[] = CERTIFICATE_VERDICTS;

/** The certificate rows as the CSV export has them: the operation's twelve fields, hosts space-separated. */
export function csvRows(rows: readonly CertificateRow[]) {
  return rows.map((r) => ({
    zoneId: r.zoneId,
    zoneName: r.zoneName,
    accountId: r.account?.id ?? "",
    accountName: r.account?.name ?? "",
    kind: r.kind,
    id: r.id,
    hosts: r.hosts.join(" "),
    certificateAuthority: r.certificateAuthority,
    bundleMethod: r.bundleMethod,
    uploadedOn: r.uploadedOn,
    expiresOn: r.expiresOn,
    verdict: r.verdict,
    reason: r.reason,
    action: r.action,
  }));
}
