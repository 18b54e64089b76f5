// From one zone's inventory to its certificate rows and CAA findings. Pure.
import { analyseHostname, type CaaFinding } from "@/lib/certificates/caa";
import { classify, type CertificateFacts, type CertificateKind, type Classification } from "@/lib/certificates/classify";
import { servesUploadedCertificate } from "@/lib/certificates/hostname-certificate";
import { customHostnameCaa, type HostnameCaaContext } from "@/lib/certificates/hostname-caa";
import type { AuditedZone, ZoneInventory } from "@/lib/certificates/inventory";
import type { CertificateRow } from "@/lib/certificates/types";
import { caOfIssuer } from "@/lib/certificates/issuer-ca";
import type { CertificatePack } from "@/lib/certificates/upstream";

/** Pack types audited as packs by their own rules; custom certificates and custom hostnames come from their own lists. */
const PACK_KINDS: Record<string, CertificateKind> = {
  universal: "universal",
  advanced: "advanced",
  total_tls: "total_tls",
  mh_custom: "mh_custom",
  managed_hostname: "managed_hostname",
};
/** Pack types the custom certificate list holds each certificate of (the page says so): no second row. */
export const CUSTOM_CERTIFICATE_PACK_TYPES: ReadonlySet<string> = new Set(["sni_custom", "legacy_custom", "keyless"]);

/**
 * A certificate before its verdict: every field present, in one order, whatever its kind. Rows are built as
 * literals of one shape, never by spreading: on Node 20, V8 gives an object spread a map of its own once the
 * spread's inline cache misses again, so each of a scan's 40,000 rows carried its own shape (measured: 6 KB of
 * maps per row promoted, and 90,000 shapes alive after a 5,000-zone scan).
 */
interface Draft extends CertificateFacts {
  zoneId: string;
  zoneName: string;
  account: AuditedZone["account"];
  id: string;
  hosts: string[];
  validationMethod: string | null;
  status: string | null;
  /** The Total TLS setting's own row: no certificate, so no certificate status. */
  setting: boolean;
}

function draft(zone: AuditedZone, fields: Partial<Draft> & Pick<Draft, "kind" | "id" | "hosts" | "certificateAuthority">): Draft {
  return {
    zoneId: zone.id,
    zoneName: zone.name,
    account: zone.account,
    kind: fields.kind,
    id: fields.id,
    hosts: fields.hosts,
    certificateAuthority: fields.certificateAuthority,
    bundleMethod: fields.bundleMethod ?? null,
    uploadedOn: fields.uploadedOn ?? null,
    expiresOn: fields.expiresOn ?? null,
    status: fields.status ?? null,
    validationMethod: fields.validationMethod ?? null,
    issuer: fields.issuer,
    enabledUnknown: fields.enabledUnknown,
    uploaded: fields.uploaded,
    hostnameStatus: fields.hostnameStatus,
    caFromIssuer: fields.caFromIssuer,
    packType: fields.packType,
    customHostnames: fields.customHostnames,
    setting: fields.setting ?? false,
  };
}

/** What the classification reads of a draft: the setting's row has no certificate status. */
function facts(d: Draft): CertificateFacts {
  return {
    kind: d.kind,
    certificateAuthority: d.certificateAuthority,
    bundleMethod: d.bundleMethod,
    uploadedOn: d.uploadedOn,
    expiresOn: d.expiresOn,
    issuer: d.issuer,
    hosts: d.hosts,
    enabledUnknown: d.enabledUnknown,
    uploaded: d.uploaded,
    validationMethod: d.validationMethod,
    status: d.setting ? undefined : d.status,
    hostnameStatus: d.hostnameStatus,
    caFromIssuer: d.caFromIssuer,
    packType: d.packType,
    customHostnames: d.customHostnames,
  };
}

/** The row: the operation's fields in one order. It keeps `uploaded`: without a CA field, only it tells the Changes feed the issuer decided. */
function row(d: Draft, judged: Classification): CertificateRow {
  const out: CertificateRow = {
    zoneId: d.zoneId,
    zoneName: d.zoneName,
    account: d.account,
    kind: d.kind,
    id: d.id,
    hosts: d.hosts,
    certificateAuthority: d.certificateAuthority,
    bundleMethod: d.bundleMethod,
    uploadedOn: d.uploadedOn,
    expiresOn: d.expiresOn,
    verdict: judged.verdict,
    reason: judged.reason,
    action: judged.action,
    status: d.status,
    validationMethod: d.validationMethod,
  };
  if (d.uploaded) out.uploaded = true;
  return out;
}

/**
 * `context`: the account's zones and the CAA records read of them, for custom hostnames in other zones of the
 * account; without it only the zone's own names are readable.
 */
export function auditZone(
  zone: AuditedZone,
  inventory: ZoneInventory,
  context?: HostnameCaaContext,
): { rows: CertificateRow[]; caa: CaaFinding[] } {
  const drafts: Draft[] = [];
  const hostnames = new Set(inventory.customHostnames.map((h) => h.hostname.toLowerCase()));
  for (const pack of inventory.packs) {
    if (CUSTOM_CERTIFICATE_PACK_TYPES.has(pack.type)) continue;
    const kind = PACK_KINDS[pack.type] ?? "other_pack";
    const ca = packCa(pack);
    const own = kind === "universal" || kind === "advanced" || kind === "total_tls";
    const primary = primaryCertificate(pack);
    drafts.push(
      draft(zone, {
        // The certificate's own dates: the pack itself has none in the SDK (no `created_on`).
        bundleMethod: primary?.bundle_method,
        uploadedOn: primary?.uploaded_on,
        expiresOn: primary?.expires_on,
        kind,
        id: pack.id,
        hosts: pack.hosts,
        status: pack.status,
        certificateAuthority:
          ca.certificateAuthority ?? (kind === "total_tls" ? (inventory.totalTls?.certificate_authority ?? null) : null),
        caFromIssuer: ca.caFromIssuer,
        packType: own ? undefined : pack.type,
        customHostnames: own ? undefined : pack.hosts.filter((h) => hostnames.has(h.toLowerCase())),
      }),
    );
  }
  const { totalTls } = inventory;
  // Enabled but nothing issued yet: the setting still decides the CA of every certificate to come. An answer
  // without `enabled` (optional in the schema) is a row that says so, never no row.
  if (totalTls && totalTls.enabled !== false && !inventory.packs.some((p) => p.type === "total_tls")) {
    const enabledUnknown = totalTls.enabled === undefined;
    drafts.push(
      draft(zone, {
        kind: "total_tls",
        id: `total_tls:${zone.id}`,
        hosts: [zone.name],
        certificateAuthority: totalTls.certificate_authority ?? null,
        status: enabledUnknown ? null : "enabled",
        setting: true,
        enabledUnknown: enabledUnknown || undefined,
      }),
    );
  }
  for (const c of inventory.customCertificates) {
    drafts.push(
      draft(zone, {
        kind: "custom_certificate",
        id: c.id,
        hosts: c.hosts,
        certificateAuthority: null,
        issuer: c.issuer,
        bundleMethod: c.bundle_method,
        uploadedOn: c.uploaded_on,
        expiresOn: c.expires_on,
        status: c.status,
      }),
    );
  }
  for (const h of inventory.customHostnames) {
    // An uploaded certificate is issued by no CA Cloudflare orders from: its issuer stands for the CA.
    const uploaded = servesUploadedCertificate(h.ssl);
    drafts.push(
      draft(zone, {
        kind: "custom_hostname",
        id: h.id,
        hosts: [h.hostname],
        certificateAuthority: uploaded ? null : (h.ssl?.certificate_authority ?? null),
        bundleMethod: h.ssl?.bundle_method,
        // The certificate's own upload date, never the hostname's created_at.
        uploadedOn: h.ssl?.uploaded_on,
        expiresOn: h.ssl?.expires_on,
        status: h.ssl?.status,
        hostnameStatus: h.status ?? null,
        validationMethod: h.ssl?.method,
        uploaded: uploaded || undefined,
        issuer: uploaded ? (h.ssl?.issuer ?? null) : undefined,
      }),
    );
  }
  const own = caaFindings(zone, inventory, drafts);
  const byHost = new Map(own.map((f) => [f.hostname, f]));
  const readable = context ?? { zones: [zone], records: new Map([[zone.id, inventory.caaRecords]]) };
  const hostnameCaa = new Map<string, CaaFinding>();
  for (const d of drafts) {
    // An uploaded certificate's CAA never decides its verdict, so it has no finding.
    const hostname = d.kind === "custom_hostname" && !d.uploaded ? d.hosts[0] : undefined;
    const finding = hostname ? customHostnameCaa(zone, hostname, readable) : undefined;
    if (hostname && finding && !hostnameCaa.has(hostname)) hostnameCaa.set(hostname, finding);
  }
  const rows = drafts.map((d) => {
    const findings =
      d.kind === "custom_hostname" ? [hostnameCaa.get(d.hosts[0]!) ?? []].flat() : d.hosts.flatMap((h) => byHost.get(h) ?? []);
    return row(d, classify(facts(d), findings));
  });
  return { rows, caa: [...own, ...hostnameCaa.values()] };
}

function primaryCertificate(pack: CertificatePack) {
  return pack.certificates.find((c) => c.id === pack.primary_certificate) ?? pack.certificates[0];
}

/** The pack's CA, or (optional in the SDK) the one its primary certificate's issuer names, saying so. */
function packCa(pack: CertificatePack): { certificateAuthority: string | null; caFromIssuer?: string } {
  if (pack.certificate_authority) return { certificateAuthority: pack.certificate_authority };
  const issuer = primaryCertificate(pack)?.issuer ?? undefined;
  const ca = caOfIssuer(issuer);
  return ca && issuer ? { certificateAuthority: ca, caFromIssuer: issuer } : { certificateAuthority: null };
}

/** Every hostname of the zone's own certificates and CAA records; custom hostnames live in customers' DNS. */
function caaFindings(zone: AuditedZone, inventory: ZoneInventory, drafts: readonly Draft[]): CaaFinding[] {
  const apex = zone.name.toLowerCase();
  const names = new Set<string>();
  for (const d of drafts) if (d.kind !== "custom_hostname") for (const host of d.hosts) names.add(host.toLowerCase());
  for (const record of inventory.caaRecords) names.add(record.name.toLowerCase());
  const inZone = [...names].filter((n) => n.replace(/^\*\./, "") === apex || n.endsWith(`.${apex}`)).sort();
  return inZone.map((hostname) => analyseHostname(zone, inventory.caaRecords, hostname));
}
