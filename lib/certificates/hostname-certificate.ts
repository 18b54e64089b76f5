// Which certificate a custom hostname serves: one a CA issues through Cloudflare (rule 6: its CA and CAA
// decide) or one the SaaS provider uploaded (rules 4 and 5: its issuer, bundle method and upload date decide).
import { customCertificate } from "@/lib/certificates/classify-custom-certificate";
import type { CustomHostname } from "@/lib/certificates/upstream";
import type { CertificateFacts, Classification } from "@/lib/certificates/verdict";

/**
 * The SDK's CustomHostname.SSL: `custom_certificate` is there "if a custom uploaded certificate is used", and
 * `issuer`, `serial_number`, `uploaded_on` describe "a custom uploaded certificate"; `certificate_authority` is
 * optional (its enum has no "" either, so the default CA may be answered without it). A CA-issued (DV) certificate
 * may carry a serial_number too (the docs' example), but always a validation `method`. Uploaded, then: a
 * `custom_certificate` is given, or no CA is named (not even ""), no `method` is, and a serial number is.
 */
export function servesUploadedCertificate(ssl: CustomHostname["ssl"]): boolean {
  if (!ssl) return false;
  if (ssl.custom_certificate?.trim()) return true;
  return ssl.certificate_authority == null && !ssl.method?.trim() && Boolean(ssl.serial_number?.trim());
}

/** An uploaded certificate on a custom hostname: rules 4 and 5 as for any custom certificate, never CAA or the CA switch. */
export function uploadedHostnameCertificate(facts: CertificateFacts): Classification {
  const judged = customCertificate(facts);
  return {
    ...judged,
    reason:
      "This custom hostname serves an uploaded certificate, so its issuer, bundle method and upload date decide " +
      `(rules 4 and 5), not a CA setting or CAA. ${judged.reason}`,
  };
}
