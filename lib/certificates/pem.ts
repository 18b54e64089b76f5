// PEM bundles as people paste them: certificates only, in order, with clear errors for anything else.
import "@/lib/certificates/reflect-metadata";
import { X509Certificate } from "@peculiar/x509";
import { InputError } from "@/lib/errors/input-error";

export const MAX_BUNDLE_BYTES = 64 * 1024;
export const MAX_CERTIFICATES = 10;
const BEGIN = /-----BEGIN ([A-Z0-9 ]+)-----/g;

/** Parses every certificate of a bundle; throws InputError (field `pem`) naming the first problem. */
export function parsePemBundle(text: string, field = "pem"): X509Certificate[] {
  if (text.length > MAX_BUNDLE_BYTES)
    throw new InputError(field, `is over ${MAX_BUNDLE_BYTES / 1024} KiB; a certificate chain is a few KiB`);
  const begins = [...text.matchAll(BEGIN)];
  if (begins.length === 0) throw new InputError(field, "is not PEM: it has no -----BEGIN CERTIFICATE----- line");
  if (begins.length > MAX_CERTIFICATES)
    throw new InputError(field, `holds ${begins.length} blocks; at most ${MAX_CERTIFICATES} certificates are inspected`);
  return begins.map((begin, i) => {
    const label = begin[1] ?? "";
    const n = i + 1;
    // Never echo the key back: naming the block is enough.
    if (label.includes("PRIVATE KEY"))
      throw new InputError(
        field,
        `block ${n} is a private key (${label}), not a certificate. Paste only the certificate chain, and treat this key as exposed if it left its server.`,
      );
    if (label !== "CERTIFICATE") throw new InputError(field, `block ${n} is a ${label}, not a CERTIFICATE`);
    const start = (begin.index ?? 0) + begin[0].length;
    const end = text.indexOf(`-----END ${label}-----`, start);
    const nextBegin = begins[i + 1]?.index ?? Infinity;
    if (end === -1 || end > nextBegin)
      throw new InputError(field, `certificate ${n} is truncated: it has no -----END CERTIFICATE----- line`);
    const body = text.slice(start, end).replace(/\s+/g, "");
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(body)) throw new InputError(field, `certificate ${n} is not valid base64`);
    try {
      return new X509Certificate(Buffer.from(body, "base64"));
    } catch {
      throw new InputError(field, `certificate ${n} could not be parsed as X.509 (truncated or corrupted)`);
    }
  });
}
