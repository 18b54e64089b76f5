// From one zone's inventory to its certificate rows and CAA findings. Pure.
import { analyseHostname, type CaaFinding } from "@/lib/certificates/caa";
import { classify, type CertificateFacts, type CertificateKind } from "@/lib/certificates/classify";
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

type Draft = Omit<CertificateRow, "verdict" | "reason" | "action"> &
  Pick<CertificateFacts, "issuer" | "enabledUnknown" | "uploaded" | "hostnameStatus" | "caFromIssuer" | "packType" | "customHostnames"> & {
    /** The Total TLS setting's own row: no certificate, so no certificate status. */
    setting?: true;
  };

/**
 * `context`: the account's zones and the CAA records read of them, for custom hostnames in other zones of the
 * account; without it only the zone's own names are readable.
 */
export function auditZone(
  zone: AuditedZone,
  inventory: ZoneInventory,
  context?: HostnameCaaContext,
): { rows: CertificateRow[]; caa: CaaFinding[] } {
  const base = { zoneId: zone.id, zoneName: zone.name, account: zone.account, validationMethod: null };
  const drafts: Draft[] = [];
  const hostnames = new Set(inventory.customHostnames.map((h) => h.hostname.toLowerCase()));
  for (const pack of inventory.packs) {
    if (CUSTOM_CERTIFICATE_PACK_TYPES.has(pack.type)) continue;
    const kind = PACK_KINDS[pack.type] ?? "other_pack";
    const ca = packCa(pack);
    const own = kind === "universal" || kind === "advanced" || kind === "total_tls";
    drafts.push({
      ...base,
      ...packDates(pack),
      kind,
      id: pack.id,
      hosts: pack.hosts,
      status: pack.status,
      certificateAuthority: ca.certificateAuthority ?? (kind === "total_tls" ? (inventory.totalTls?.certificate_authority ?? null) : null),
      ...(ca.caFromIssuer ? { caFromIssuer: ca.caFromIssuer } : {}),
      ...(own ? {} : { packType: pack.type, customHostnames: pack.hosts.filter((h) => hostnames.has(h.toLowerCase())) }),
    });
  }
  const { totalTls } = inventory;
  // Enabled but nothing issued yet: the setting still decides the CA of every certificate to come. An answer
  // without `enabled` (optional in the schema) is a row that says so, never no row.
  if (totalTls && totalTls.enabled !== false && !inventory.packs.some((p) => p.type === "total_tls")) {
    const enabledUnknown = totalTls.enabled === undefined;
    drafts.push({
      ...base,
      kind: "total_tls",
      id: `total_tls:${zone.id}`,
      hosts: [zone.name],
      certificateAuthority: totalTls.certificate_authority ?? null,
      bundleMethod: null,
      uploadedOn: null,
      expiresOn: null,
      status: enabledUnknown ? null : "enabled",
      setting: true,
      ...(enabledUnknown ? { enabledUnknown } : {}),
    });
  }
  for (const c of inventory.customCertificates) {
    drafts.push({
      ...base,
      kind: "custom_certificate",
      id: c.id,
      hosts: c.hosts,
      certificateAuthority: null,
      issuer: c.issuer,
      bundleMethod: c.bundle_method ?? null,
      uploadedOn: c.uploaded_on ?? null,
      expiresOn: c.expires_on ?? null,
      status: c.status ?? null,
    });
  }
  for (const h of inventory.customHostnames) {
    // An uploaded certificate is issued by no CA Cloudflare orders from: its issuer stands for the CA.
    const uploaded = servesUploadedCertificate(h.ssl);
    drafts.push({
      ...base,
      kind: "custom_hostname",
      id: h.id,
      hosts: [h.hostname],
      certificateAuthority: uploaded ? null : (h.ssl?.certificate_authority ?? null),
      bundleMethod: h.ssl?.bundle_method ?? null,
      // The certificate's own upload date, never the hostname's created_at.
      uploadedOn: h.ssl?.uploaded_on ?? null,
      expiresOn: h.ssl?.expires_on ?? null,
      status: h.ssl?.status ?? null,
      hostnameStatus: h.status ?? null,
      validationMethod: h.ssl?.method ?? null,
      ...(uploaded ? { uploaded: true as const, issuer: h.ssl?.issuer ?? null } : {}),
    });
  }
  const own = caaFindings(zone, inventory, drafts);
  const byHost = new Map(own.map((f) => [f.hostname, f]));
  const readable = context ?? { zones: [zone], records: new Map([[zone.id, inventory.caaRecords]]) };
  const hostnameCaa = new Map<string, CaaFinding>();
  for (const draft of drafts) {
    // An uploaded certificate's CAA never decides its verdict, so it has no finding.
    const hostname = draft.kind === "custom_hostname" && !draft.uploaded ? draft.hosts[0] : undefined;
    const finding = hostname ? customHostnameCaa(zone, hostname, readable) : undefined;
    if (hostname && finding && !hostnameCaa.has(hostname)) hostnameCaa.set(hostname, finding);
  }
  const rows = drafts.map(
    ({ issuer, enabledUnknown, uploaded, hostnameStatus, caFromIssuer, packType, customHostnames, setting, ...draft }): CertificateRow => {
      const facts: CertificateFacts = {
        ...draft,
        issuer,
        enabledUnknown,
        uploaded,
        status: setting ? undefined : draft.status,
        hostnameStatus,
        caFromIssuer,
        packType,
        customHostnames,
      };
      const findings =
        draft.kind === "custom_hostname"
          ? [hostnameCaa.get(draft.hosts[0]!) ?? []].flat()
          : draft.hosts.flatMap((h) => byHost.get(h) ?? []);
      // The row keeps `uploaded`: without a CA field, only it tells the Changes feed the issuer decided.
      return { ...draft, ...(uploaded ? { uploaded } : {}), ...classify(facts, findings) };
    },
  );
  return { rows, caa: [...own, ...hostnameCaa.values()] };
}

function primaryCertificate(pack: CertificatePack) {
  return pack.certificates.find((c) => c.id === pack.primary_certificate) ?? pack.certificates[0];
}

/** The certificate's own dates: the pack itself has none in the SDK (no `created_on`). */
function packDates(pack: CertificatePack) {
  const primary = primaryCertificate(pack);
  return {
    bundleMethod: primary?.bundle_method ?? null,
    uploadedOn: primary?.uploaded_on ?? null,
    expiresOn: primary?.expires_on ?? null,
  };
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
  for (const draft of drafts) if (draft.kind !== "custom_hostname") for (const host of draft.hosts) names.add(host.toLowerCase());
  for (const record of inventory.caaRecords) names.add(record.name.toLowerCase());
  const inZone = [...names].filter((n) => n.replace(/^\*\./, "") === apex || n.endsWith(`.${apex}`)).sort();
  return inZone.map((hostname) => analyseHostname(zone, inventory.caaRecords, hostname));
}
