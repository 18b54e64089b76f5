// Custom hostnames inside the account's own zones, for rule 6's CAA check: on the default CA ("") and on
// lets_encrypt under a zone whose apex CAA permits only letsencrypt.org (the default CA stays on the legacy
// chain), and on the default CA under a zone without CAA (google issues). The SaaS zones' other custom
// hostnames are customers' own domains, outside the account. A stream of its own, drawn after everything
// else, so no earlier draw changes.
import { Random } from "./random";
import { customHostname } from "./seed-certificates";
import type { DnsRecord, Zone } from "./types";
import type { HostnameCertificateAuthority, ZoneCertificates } from "./types-certificates";

/** Every 20th zone from the first SaaS zone (index % 5 === 2) gets these hostnames. */
const EVERY = 20;

function apexIssuers(zone: Zone, records: readonly DnsRecord[]): string[] | null {
  const caa = records.filter((r) => r.type === "CAA");
  if (caa.length === 0) return null;
  return caa.filter((r) => r.name === zone.name && r.data?.tag === "issue").map((r) => String(r.data?.value));
}

export function seedInAccountHostnames(
  seed: number,
  zones: readonly Zone[],
  dnsRecords: Record<string, DnsRecord[]>,
  certificates: Record<string, ZoneCertificates>,
): void {
  const rng = new Random((seed ^ 0x0ca4_4a11) >>> 0);
  const issuers = (zone: Zone) => apexIssuers(zone, dnsRecords[zone.id] ?? []);
  // Only letsencrypt.org at the apex and no other CAA in the zone: the climb from any new name ends there.
  const legacyOnly = zones.filter((z) => {
    const at = issuers(z);
    return (
      at !== null &&
      at.length === 1 &&
      at[0] === "letsencrypt.org" &&
      (dnsRecords[z.id] ?? []).every((r) => r.type !== "CAA" || r.name === z.name)
    );
  });
  const noCaa = zones.filter((z) => issuers(z) === null);
  if (legacyOnly.length === 0) return;
  zones.forEach((zone, index) => {
    if (index % EVERY !== 2) return;
    const certs = certificates[zone.id];
    if (!certs) return;
    const k = Math.floor(index / EVERY);
    const blocked = legacyOnly[k % legacyOnly.length]!;
    const open = noCaa.length > 0 ? noCaa[k % noCaa.length]! : undefined;
    const add = (hostname: string, ca: HostnameCertificateAuthority, issuer: string) => {
      const h = customHostname(rng, zone, index, certs.customHostnames.length);
      h.hostname = hostname;
      h.ssl.certificate_authority = ca;
      if (h.ssl.issuer) h.ssl.issuer = issuer;
      if (h.ownership_verification) h.ownership_verification.name = `_cf-custom-hostname.${hostname}`;
      certs.customHostnames.push(h);
    };
    add(`shop-${index}.${blocked.name}`, "", "LetsEncrypt");
    add(`pay-${index}.${blocked.name}`, "lets_encrypt", "LetsEncrypt");
    if (open) add(`help-${index}.${open.name}`, "", "GoogleTrustServices");
  });
}
