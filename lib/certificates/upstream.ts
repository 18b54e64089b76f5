// The upstream shapes the audit reads, validated at the boundary: only the fields it uses, the rest ignored.
import { z } from "zod";
import type { CaaRecord } from "@/lib/certificates/caa";

const timestamp = z.string().nullish();

export const certificatePackSchema = z.object({
  id: z.string(),
  type: z.string(),
  hosts: z.array(z.string()),
  status: z.string(),
  primary_certificate: z.string().nullish(),
  // Optional in the SDK: without it the CA is read from the certificates' issuer (zone-audit.ts). No pack date exists.
  certificate_authority: z.string().nullish(),
  certificates: z
    .array(
      z.object({
        id: z.string(),
        issuer: z.string().nullish(),
        bundle_method: z.string().nullish(),
        uploaded_on: timestamp,
        expires_on: timestamp,
      }),
    )
    .default([]),
});
export type CertificatePack = z.infer<typeof certificatePackSchema>;

export const customCertificateSchema = z.object({
  id: z.string(),
  hosts: z.array(z.string()).default([]),
  issuer: z.string().nullish(),
  status: z.string().nullish(),
  bundle_method: z.string().nullish(),
  uploaded_on: timestamp,
  expires_on: timestamp,
});
export type CustomCertificate = z.infer<typeof customCertificateSchema>;

export const customHostnameSchema = z.object({
  id: z.string(),
  hostname: z.string(),
  /** The hostname's own status (active, pending, moved, deleted…): a moved or deleted hostname serves nothing. */
  status: z.string().nullish(),
  ssl: z
    .object({
      status: z.string().nullish(),
      method: z.string().nullish(),
      certificate_authority: z.string().nullish(),
      bundle_method: z.string().nullish(),
      // An uploaded certificate's own fields (lib/certificates/hostname-certificate.ts tells one from an issued one).
      custom_certificate: z.string().nullish(),
      issuer: z.string().nullish(),
      serial_number: z.string().nullish(),
      uploaded_on: timestamp,
      expires_on: timestamp,
    })
    .nullish(),
});
export type CustomHostname = z.infer<typeof customHostnameSchema>;

/**
 * How custom hostnames are paged: the schema allows only `order=ssl` (the default) or `ssl_status`. The
 * latter moves a hostname at every validation step; `ssl` is sent explicitly, with a direction, so a
 * changed default cannot reorder a walk. No allowed order is promised stable, so a walk resumed across
 * requests checks its boundary (lib/snapshots/certificate-work.ts).
 */
export const CUSTOM_HOSTNAME_ORDER = { order: "ssl", direction: "asc" } as const;

// `enabled` is optional in the schema and the SDK (TotalTLSGetResponse.enabled?): absent, the Total TLS row says
// whether it is on is unknown (lib/certificates/zone-audit.ts), never no row.
export const totalTlsSchema = z.object({ enabled: z.boolean().optional(), certificate_authority: z.string().nullish() });
export type TotalTls = z.infer<typeof totalTlsSchema>;

/**
 * A CAA record: `data` when the API gives it whole, else parsed from `content` (`0 issue "pki.goog"`). The schema
 * requires none of data's fields: a CAA record with neither is kept as unreadable (its name still holds a CAA set,
 * so what that set permits is unknown, never "no CAA"). A record of another type (the list is filtered by type)
 * is left out, not fatal.
 */
export const caaRecordSchema = z
  .object({
    name: z.string(),
    type: z.string(),
    content: z.string().optional(),
    data: z.object({ flags: z.number().optional(), tag: z.string().optional(), value: z.string().optional() }).optional(),
  })
  .transform((record): CaaRecord | null => {
    if (record.type !== "CAA") return null;
    const { flags, tag, value } = record.data ?? {};
    if (flags !== undefined && tag !== undefined && value !== undefined) return { name: record.name, flags, tag, value };
    const match = /^(\d+)\s+(\S+)\s+"?(.*?)"?$/.exec(record.content ?? "");
    return match
      ? { name: record.name, flags: Number(match[1]), tag: match[2]!, value: match[3]! }
      : { name: record.name, flags: 0, tag: "", value: "", unreadable: true };
  });
