// Certificates for every zone, covering each case the legacy-chain audit must handle: every pack type and CA,
// custom certificates of every bundle method uploaded before 2024-09-09, between the dates and after
// 2024-09-30, custom hostnames on lets_encrypt, "" (default CA) and google, and the CAA cases (allow, block,
// inherit, a subdomain's own set). Cases are assigned by zone index, so every one is present from 240 zones.
import { Random, uuidV4 } from "./random";
import { DAY_MS, isoMicro } from "./time";
import type { DnsRecord, Zone } from "./types";
import type {
  BundleMethod,
  CertificateAuthority,
  CertificatePack,
  CustomCertificate,
  CustomHostname,
  HostnameCertificateAuthority,
  PackType,
  ZoneCertificates,
} from "./types-certificates";

const WINDOWS = {
  before: [Date.UTC(2023, 2, 1), Date.UTC(2024, 8, 8, 23, 59)],
  between: [Date.UTC(2024, 8, 9), Date.UTC(2024, 8, 30, 23, 59)],
  after: [Date.UTC(2024, 9, 1), Date.UTC(2025, 11, 31)],
} as const;
const METHODS: BundleMethod[] = ["ubiquitous", "optimal", "force"];
const CUSTOM_CASES = METHODS.flatMap((method) => (["before", "between", "after"] as const).map((window) => ({ method, window })));
const UNIVERSAL_CA: CertificateAuthority[] = ["google", "google", "google", "google", "lets_encrypt", "lets_encrypt", "ssl_com"];
const CAS: CertificateAuthority[] = ["lets_encrypt", "google", "ssl_com"];
const HOSTNAME_CAS: HostnameCertificateAuthority[] = ["lets_encrypt", "", "google", "lets_encrypt", "ssl_com", ""];
const ISSUER: Record<CertificateAuthority, string> = { lets_encrypt: "LetsEncrypt", google: "GoogleTrustServices", ssl_com: "SSLCorp" };
/** The day the seeded account is "as of": certificates that ended before it are listed as expired. */
const SEED_AS_OF = Date.UTC(2025, 11, 31);
/** Hostnames of the few SaaS zones big enough to need several pages of custom hostnames. */
const BIG_SAAS_HOSTNAMES = 140;

export function seedCertificates(
  seed: number,
  zones: readonly Zone[],
  dnsRecords: Record<string, DnsRecord[]>,
): Record<string, ZoneCertificates> {
  // A stream of its own, so the zones and DNS records of a seed stay exactly what they were.
  const rng = new Random((seed ^ 0xce27_1f1c) >>> 0);
  const out: Record<string, ZoneCertificates> = {};
  let customIndex = 0;
  zones.forEach((zone, index) => {
    const certs: ZoneCertificates = { packs: [], customCertificates: [], customHostnames: [], totalTls: { enabled: false } };
    const z = zone.name;
    const status = zone.status === "active" ? "active" : "pending_validation";
    certs.packs.push(pack(rng, zone, "universal", [z, `*.${z}`], status, UNIVERSAL_CA[index % UNIVERSAL_CA.length]!));
    if (index % 3 === 0) {
      const hosts = index % 2 === 0 ? [z, `*.${z}`] : [`shop.${z}`, `www.${z}`, `api.${z}`];
      certs.packs.push(pack(rng, zone, "advanced", hosts, "active", CAS[Math.floor(index / 3) % 3]!));
    }
    if (index % 8 === 1) {
      const ca = CAS[Math.floor(index / 8) % 3] as CertificateAuthority;
      certs.totalTls = { enabled: true, certificate_authority: ca, validity_period: 90 };
      for (const host of [`www.${z}`, `api.${z}`]) certs.packs.push(pack(rng, zone, "total_tls", [host], "active", ca));
    }
    if (zone.plan.legacy_id === "business" || zone.plan.legacy_id === "enterprise") {
      const count = customIndex % 3 === 0 ? 2 : 1;
      for (let i = 0; i < count; i++) {
        const custom = customCertificate(rng, zone, CUSTOM_CASES[(customIndex + i) % CUSTOM_CASES.length]!, i === 1, customIndex % 7 === 3);
        certs.customCertificates.push(custom);
        const type: PackType = custom.keyless_server ? "keyless" : customIndex % 5 === 4 ? "legacy_custom" : "sni_custom";
        certs.packs.push(customPack(rng, type, custom));
      }
      customIndex++;
    }
    if (index % 5 === 2) {
      const count = index % 60 === 2 ? BIG_SAAS_HOSTNAMES : rng.int(3, 25);
      for (let i = 0; i < count; i++) certs.customHostnames.push(customHostname(rng, zone, index, i));
      if (index % 10 === 2) {
        const first = certs.customHostnames[0]!;
        certs.packs.push(pack(rng, zone, "managed_hostname", [first.hostname], "active", "google"));
        certs.packs.push(customPack(rng, "mh_custom", customCertificate(rng, zone, CUSTOM_CASES[0]!, false, false, [first.hostname])));
      }
    }
    out[zone.id] = certs;
    addCaaCases(rng, zone, index, dnsRecords[zone.id] ?? (dnsRecords[zone.id] = []));
  });
  return out;
}

function within(rng: Random, [from, to]: readonly [number, number]): number {
  return from + Math.floor(rng.float() * (to - from));
}

function pack(rng: Random, zone: Zone, type: PackType, hosts: string[], status: string, ca: CertificateAuthority): CertificatePack {
  const issuedMs = within(rng, [Date.UTC(2024, 3, 1), Date.UTC(2025, 5, 30)]);
  const certificates = ["SHA256WithRSA", "ECDSAWithSHA256"].map((signature) => ({
    id: rng.hex(),
    hosts: [...hosts],
    issuer: ISSUER[ca],
    signature,
    status,
    bundle_method: "ubiquitous" as const,
    zone_id: zone.id,
    uploaded_on: isoMicro(issuedMs, rng),
    modified_on: isoMicro(issuedMs, rng),
    expires_on: isoMicro(issuedMs + 90 * DAY_MS, rng),
    priority: 0,
  }));
  return {
    id: uuidV4(rng.hex(32)),
    type,
    hosts,
    primary_certificate: certificates[0]!.id,
    status,
    certificates,
    created_on: isoMicro(issuedMs, rng),
    validity_days: 90,
    validation_method: "txt",
    certificate_authority: ca,
  };
}

function customCertificate(
  rng: Random,
  zone: Zone,
  { method, window }: (typeof CUSTOM_CASES)[number],
  otherIssuer: boolean,
  keyless: boolean,
  hosts = [zone.name, `*.${zone.name}`],
): CustomCertificate {
  const uploadedMs = within(rng, WINDOWS[window]);
  const issuer = otherIssuer ? "DigiCertInc" : "LetsEncrypt";
  const expiresMs = uploadedMs + (otherIssuer ? 365 : 90) * DAY_MS;
  return {
    id: rng.hex(),
    hosts,
    issuer,
    signature: "SHA256WithRSA",
    status: expiresMs < SEED_AS_OF ? "expired" : "active",
    bundle_method: method,
    zone_id: zone.id,
    uploaded_on: isoMicro(uploadedMs, rng),
    modified_on: isoMicro(uploadedMs, rng),
    expires_on: isoMicro(expiresMs, rng),
    priority: rng.int(0, 20),
    ...(keyless ? { keyless_server: keylessServer(rng, zone, uploadedMs) } : {}),
  };
}

function keylessServer(rng: Random, zone: Zone, createdMs: number): NonNullable<CustomCertificate["keyless_server"]> {
  const created = isoMicro(createdMs, rng);
  return {
    id: rng.hex(),
    name: `Keyless ${zone.name}`,
    host: `keyless.${zone.name}`,
    port: 2407,
    status: "active",
    enabled: true,
    permissions: ["#ssl:read", "#ssl:edit"],
    created_on: created,
    modified_on: created,
  };
}

function customPack(rng: Random, type: PackType, custom: CustomCertificate): CertificatePack {
  const { keyless_server: _keyless, ...certificate } = custom;
  return {
    id: uuidV4(rng.hex(32)),
    type,
    hosts: [...custom.hosts],
    primary_certificate: custom.id,
    status: "active",
    certificates: [certificate],
    created_on: custom.uploaded_on,
  };
}

export function customHostname(rng: Random, zone: Zone, zoneIndex: number, i: number): CustomHostname {
  const hostname = `app.customer-${String(i + 1).padStart(3, "0")}-${zoneIndex}.example`;
  const createdMs = within(rng, [Date.UTC(2023, 0, 1), Date.UTC(2025, 5, 30)]);
  const ca = HOSTNAME_CAS[(i + zoneIndex) % HOSTNAME_CAS.length] as HostnameCertificateAuthority;
  const active = rng.chance(0.9);
  return {
    id: uuidV4(rng.hex(32)), // the same 32 draws as before, written as the UUID the real API gives
    hostname,
    status: active ? "active" : "pending",
    created_at: isoMicro(createdMs, rng),
    ssl: {
      id: uuidV4(rng.hex(32)),
      type: "dv",
      method: rng.chance(0.7) ? "txt" : "http",
      status: active ? "active" : "pending_validation",
      certificate_authority: ca,
      bundle_method: "ubiquitous",
      wildcard: false,
      ...(active
        ? {
            issuer: ISSUER[ca === "" ? "google" : ca === "digicert" ? "google" : ca],
            uploaded_on: isoMicro(createdMs, rng),
            expires_on: isoMicro(createdMs + 90 * DAY_MS, rng),
          }
        : {}),
      settings: { min_tls_version: rng.chance(0.5) ? "1.2" : "1.0", http2: "on" },
    },
    ownership_verification: { type: "txt", name: `_cf-custom-hostname.${hostname}`, value: uuidV4(rng.hex(32)) },
  };
}

/** CAA records beyond seed-dns's apex profiles: a subdomain allowing pki.goog, and an apex forbidding every CA. */
function addCaaCases(rng: Random, zone: Zone, index: number, records: DnsRecord[]): void {
  const add = (name: string, value: string) => {
    const created = isoMicro(within(rng, [Date.UTC(2022, 0, 1), Date.UTC(2024, 6, 1)]), rng);
    records.push({
      id: rng.hex(),
      zone_id: zone.id,
      zone_name: zone.name,
      name,
      type: "CAA",
      content: `0 issue "${value}"`,
      proxiable: false,
      proxied: false,
      ttl: 3600,
      locked: false,
      data: { flags: 0, tag: "issue", value },
      tags: [],
      meta: { auto_added: false, source: "primary" },
      created_on: created,
      modified_on: created,
    });
  };
  if (index % 11 === 4) add(`api.${zone.name}`, "pki.goog");
  if (index % 37 === 7) add(`www.${zone.name}`, ";");
}
