// Shapes of the certificate resources, as the v4 API returns them (reference `tls-certificates-and-hostnames_*`
// and the 2026 SDK's CertificatePack, CustomCertificate, CustomHostname.ssl, TotalTLS).

export type CertificateAuthority = "lets_encrypt" | "google" | "ssl_com";
/** Custom hostnames also accept `digicert`, and `""` for the default CA. */
export type HostnameCertificateAuthority = CertificateAuthority | "digicert" | "";
export type PackType =
  "universal" | "advanced" | "total_tls" | "sni_custom" | "legacy_custom" | "mh_custom" | "managed_hostname" | "keyless";
/** The API's names; the platform document calls them compatible, modern and user-defined. */
export type BundleMethod = "ubiquitous" | "optimal" | "force";

export interface PackCertificate {
  id: string;
  hosts: string[];
  issuer: string;
  signature: string;
  status: string;
  bundle_method: BundleMethod;
  zone_id: string;
  /** Absent until issued (an order whose validation or issuance timed out has none). */
  uploaded_on?: string;
  modified_on?: string;
  expires_on?: string;
  priority: number;
}

export interface CertificatePack {
  id: string;
  type: PackType;
  hosts: string[];
  primary_certificate: string;
  status: string;
  certificates: PackCertificate[];
  /** The sandbox's listing order only: no SDK pack type has it, so the list leaves it out (routes/certificates.ts). */
  created_on: string;
  validity_days?: number;
  validation_method?: "txt" | "http" | "email";
  certificate_authority?: CertificateAuthority;
}

/** A custom certificate is listed like a pack's certificate, plus its keyless server when it has one. */
export interface CustomCertificate extends Omit<PackCertificate, "status" | "uploaded_on" | "modified_on" | "expires_on"> {
  status: "active" | "expired";
  uploaded_on: string;
  modified_on: string;
  expires_on: string;
  keyless_server?: {
    id: string;
    name: string;
    host: string;
    port: number;
    status: "active" | "deleted";
    enabled: boolean;
    permissions: string[];
    created_on: string;
    modified_on: string;
  };
}

export interface CustomHostname {
  id: string;
  hostname: string;
  /** Of the SDK's statuses, those the docs explain. */
  status: "active" | "pending" | "active_redeploying" | "moved" | "deleted" | "pending_deletion" | "blocked";
  created_at: string;
  ssl: {
    id: string;
    type: "dv";
    /** Absent on a hostname that serves an uploaded certificate (it is not validated by Cloudflare's CA). */
    method?: "http" | "txt" | "email";
    status: string;
    /** Absent on a hostname that serves an uploaded certificate: no CA issues for it. */
    certificate_authority?: HostnameCertificateAuthority;
    bundle_method: BundleMethod;
    wildcard: boolean;
    /** The uploaded certificate (PEM), when one is used: the SDK's CustomHostname.SSL.custom_certificate. */
    custom_certificate?: string;
    issuer?: string;
    serial_number?: string;
    signature?: string;
    hosts?: string[];
    expires_on?: string;
    uploaded_on?: string;
    settings: { min_tls_version: "1.0" | "1.2"; http2: "on" | "off" };
  };
  ownership_verification: { type: "txt"; name: string; value: string };
}

export interface TotalTls {
  enabled: boolean;
  certificate_authority?: CertificateAuthority;
  validity_period?: 90;
}

/** One zone's certificates, as the four endpoints serve them. */
export interface ZoneCertificates {
  packs: CertificatePack[];
  customCertificates: CustomCertificate[];
  customHostnames: CustomHostname[];
  totalTls: TotalTls;
}
