// What every certificate verdict is made of, and the phrases the rules share.
import { ALTERNATIVE_CAS, DATES } from "@/lib/certificates/chain-change";

/** not_serving: the certificate serves no traffic (deleted, expired, timed out…): never counted as an action. */
export const CERTIFICATE_VERDICTS = ["action_required", "informational", "no_action", "not_serving"] as const;
export type CertificateVerdict = (typeof CERTIFICATE_VERDICTS)[number];
/** mh_custom, managed_hostname and other_pack (a pack type Preflight has no rule for) are pack types without a rule of their own. */
export const CERTIFICATE_KINDS = [
  "universal",
  "advanced",
  "total_tls",
  "custom_certificate",
  "custom_hostname",
  "mh_custom",
  "managed_hostname",
  "other_pack",
] as const;
export type CertificateKind = (typeof CERTIFICATE_KINDS)[number];

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
  /** The certificate's status as the platform gives it (null: none given); undefined where none applies. */
  status?: string | null;
  /** Custom hostnames only: the hostname's own status (null: none given). */
  hostnameStatus?: string | null;
  /** Set when the pack names no CA and it was read from its certificates' issuer (the issuer as given). */
  caFromIssuer?: string;
  /** Packs without a rule of their own: the type as the platform gives it. */
  packType?: string;
  /** Packs without a rule of their own: the zone's custom hostnames among its hosts. */
  customHostnames?: readonly string[];
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
