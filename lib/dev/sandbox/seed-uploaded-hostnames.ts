// Custom hostnames that serve an uploaded certificate (cloudflare-for-saas "Manage custom certificates": a POST
// with ssl.custom_certificate and ssl.custom_key), in the SDK's CustomHostname.SSL shape: no certificate_authority
// and no validation method, the certificate's issuer, serial_number, signature, hosts, uploaded_on and expires_on.
// One with its PEM echoed in custom_certificate, one without it (told by its serial number). A stream of its own,
// drawn after everything else, so no earlier draw changes.
import { Random, uuidV4 } from "./random";
import { customHostname } from "./seed-certificates";
import { DAY_MS, isoMicro } from "./time";
import type { Zone } from "./types";
import type { BundleMethod, CustomHostname, ZoneCertificates } from "./types-certificates";

/** Every 20th zone from index 12: SaaS zones (index % 5 === 2) that get no in-account hostnames and are not the big ones. */
const EVERY = 20;
const FIRST = 12;
/** The Let's Encrypt upload rotates through rule 4 after the rebundle, rule 5 before the cross-sign expiry, and rule 4 before it. */
const LEGACY_CASES: Array<{ bundle: BundleMethod; uploadedMs: number }> = [
  { bundle: "ubiquitous", uploadedMs: Date.UTC(2024, 9, 14) },
  { bundle: "force", uploadedMs: Date.UTC(2024, 8, 16) },
  { bundle: "optimal", uploadedMs: Date.UTC(2024, 4, 2) },
];

/** A PEM-shaped text standing for the uploaded certificate: Preflight only reads that one is there, never its content. */
function pem(rng: Random): string {
  const body = Array.from({ length: 4 }, () => Buffer.from(rng.hex(48), "hex").toString("base64")).join("\n");
  return `-----BEGIN CERTIFICATE-----\n${body}\n-----END CERTIFICATE-----\n`;
}

function uploadedHostname(base: CustomHostname, rng: Random, issuer: string, bundle: BundleMethod, uploadedMs: number, echoPem: boolean) {
  const { method: _method, certificate_authority: _ca, ...ssl } = base.ssl;
  const hostname: CustomHostname = {
    ...base,
    status: "active",
    ssl: {
      ...ssl,
      status: "active",
      bundle_method: bundle,
      ...(echoPem ? { custom_certificate: pem(rng) } : {}),
      issuer,
      serial_number: BigInt(`0x${rng.hex(30)}`).toString(10), // a string, as the docs say, unique to the issuer only
      signature: "SHA256WithRSA",
      hosts: [base.hostname],
      uploaded_on: isoMicro(uploadedMs, rng),
      expires_on: isoMicro(uploadedMs + (issuer === "LetsEncrypt" ? 90 : 397) * DAY_MS, rng),
    },
  };
  return hostname;
}

export function seedUploadedHostnames(seed: number, zones: readonly Zone[], certificates: Record<string, ZoneCertificates>): void {
  const rng = new Random((seed ^ 0x0b10_ad5e) >>> 0);
  zones.forEach((zone, index) => {
    if (index % EVERY !== FIRST) return;
    const certs = certificates[zone.id];
    if (!certs || certs.customHostnames.length === 0) return;
    const k = Math.floor(index / EVERY);
    const add = (label: string, make: (base: CustomHostname) => CustomHostname) => {
      const base = customHostname(rng, zone, index, certs.customHostnames.length);
      base.hostname = `${label}-${index}.uploaded-customer.example`;
      base.ssl.id = uuidV4(rng.hex(32));
      if (base.ownership_verification) base.ownership_verification.name = `_cf-custom-hostname.${base.hostname}`;
      certs.customHostnames.push(make(base));
    };
    const legacy = LEGACY_CASES[k % LEGACY_CASES.length]!;
    add("store", (base) => uploadedHostname(base, rng, "LetsEncrypt", legacy.bundle, legacy.uploadedMs, true));
    add("portal", (base) => uploadedHostname(base, rng, "DigiCertInc", "ubiquitous", Date.UTC(2025, 1, 3), false));
  });
}
