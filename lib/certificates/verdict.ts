// What every certificate verdict is made of, and the phrases the rules share.
import { ALTERNATIVE_CAS, DATES } from "@/lib/certificates/chain-change";

export type CertificateVerdict = "no_action" | "action_required" | "informational";
export type CertificateKind = "universal" | "advanced" | "total_tls" | "custom_certificate" | "custom_hostname";

export interface CertificateFacts {
  kind: CertificateKind;
  certificateAuthority: string | null;
  bundleMethod: string | null;
  uploadedOn: string | null;
  expiresOn: string | null;
  /** The issuer a custom certificate names (`LetsEncrypt`, `DigiCertInc`…). */
  issuer?: string | null;
  hosts?: readonly string[];
  /** Total TLS only: the setting answered without `enabled`, so whether it issues certificates is unknown. */
  enabledUnknown?: boolean;
  /** Custom hostnames only: it serves an uploaded certificate (lib/certificates/hostname-certificate.ts). */
  uploaded?: boolean;
  /** Custom hostnames only: ssl.method as answered, which a CA switch must send back. */
  validationMethod?: string | null;
}

export interface Classification {
  verdict: CertificateVerdict;
  reason: string;
  action: string;
}

export const ALTERNATIVES = ALTERNATIVE_CAS.join(" or ");
export const DATE_LINE = `the cross-signed chain is no longer used from ${DATES.rebundle} and expires ${DATES.crossSignExpiry}`;

/** A timestamp as the UTC day it falls on (an offset such as +02:00 can move it to the day before). */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
