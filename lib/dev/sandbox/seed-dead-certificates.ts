// Certificates that serve no traffic, as `status=all` lists them on a real account: an advanced pack on the
// legacy-chain CA that was deleted (replaced), one that expired, orders whose validation or issuance timed out,
// and custom hostnames that moved away or were deleted. A stream of its own, drawn after everything else, so no
// earlier draw changes; each zone's new items go after its others.
import { Random, uuidV4 } from "./random";
import { customHostname } from "./seed-certificates";
import { DAY_MS, isoMicro } from "./time";
import type { Zone } from "./types";
import type { CertificateAuthority, CertificatePack, CustomHostname, ZoneCertificates } from "./types-certificates";

const ISSUER: Record<CertificateAuthority, string> = { lets_encrypt: "LetsEncrypt", google: "GoogleTrustServices", ssl_com: "SSLCorp" };

/** A pack in `status`: certificates with their dates once issued, none of them before (a timed-out order). */
export function packInStatus(
  rng: Random,
  zone: Zone,
  hosts: string[],
  status: string,
  ca: CertificateAuthority,
  issuedMs: number | null,
): CertificatePack {
  const certificates = ["SHA256WithRSA", "ECDSAWithSHA256"].map((signature) => {
    const dates =
      issuedMs === null
        ? {}
        : { uploaded_on: isoMicro(issuedMs, rng), modified_on: isoMicro(issuedMs, rng), expires_on: isoMicro(issuedMs + 90 * DAY_MS, rng) };
    return {
      id: rng.hex(),
      hosts: [...hosts],
      issuer: ISSUER[ca],
      signature,
      status,
      bundle_method: "ubiquitous" as const,
      zone_id: zone.id,
      priority: 0,
      ...dates,
    };
  });
  return {
    id: uuidV4(rng.hex(32)),
    type: "advanced",
    hosts,
    primary_certificate: certificates[0]!.id,
    status,
    certificates,
    created_on: isoMicro(issuedMs ?? Date.UTC(2025, 10, 1), rng),
    validity_days: 90,
    validation_method: "txt",
    certificate_authority: ca,
  };
}

function hostnameInStatus(rng: Random, zone: Zone, index: number, i: number, status: CustomHostname["status"]): CustomHostname {
  const hostname = customHostname(rng, zone, index, i);
  hostname.status = status;
  hostname.ssl.certificate_authority = "lets_encrypt";
  if (hostname.ssl.issuer) hostname.ssl.issuer = ISSUER.lets_encrypt;
  return hostname;
}

export function seedDeadCertificates(seed: number, zones: readonly Zone[], certificates: Record<string, ZoneCertificates>): void {
  const rng = new Random((seed ^ 0xdead_0c27) >>> 0);
  zones.forEach((zone, index) => {
    const certs = certificates[zone.id];
    if (!certs) return;
    const z = zone.name;
    const issued = () => Date.UTC(2024, 6, 1) + rng.int(0, 300) * DAY_MS;
    if (index % 15 === 6) certs.packs.push(packInStatus(rng, zone, [z, `*.${z}`], "deleted", "lets_encrypt", issued()));
    if (index % 15 === 12) certs.packs.push(packInStatus(rng, zone, [`www.${z}`], "expired", "lets_encrypt", issued()));
    if (index % 30 === 3) certs.packs.push(packInStatus(rng, zone, [`shop.${z}`], "issuance_timed_out", "lets_encrypt", null));
    if (index % 30 === 18) certs.packs.push(packInStatus(rng, zone, [`api.${z}`], "validation_timed_out", "google", null));
    // SaaS zones other than those with an mh_custom pack: a hostname that moved away and one deleted after it.
    if (index % 10 === 7) {
      certs.customHostnames.push(hostnameInStatus(rng, zone, index, 900, "moved"));
      certs.customHostnames.push(hostnameInStatus(rng, zone, index, 901, "deleted"));
    }
  });
}
