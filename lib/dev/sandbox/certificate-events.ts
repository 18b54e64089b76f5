// Certificate changes a real account goes through between two snapshots, for the demo and the tests
// (control endpoint POST /__sandbox/certificates). Each leaves the account in a state the real API can
// answer: an advanced pack ordered on the legacy-chain CA, a custom hostname whose CA was set back to
// lets_encrypt and re-issued, a custom certificate from the legacy-chain CA uploaded close to its expiry; and
// the audit's advice followed: a replacement pack ordered with another CA, the old pack deleted.
import { z } from "zod";
import { Random, uuidV4 } from "./random";
import { packInStatus } from "./seed-dead-certificates";
import { DAY_MS, isoMicro } from "./time";
import type { SandboxState, Zone } from "./types";
import type { CertificatePack, CustomCertificate, CustomHostname, ZoneCertificates } from "./types-certificates";

export const certificateEventSchema = z.discriminatedUnion(
  "change",
  [
    z.object({ change: z.literal("order_legacy_pack"), zoneId: z.string().optional() }).strict(),
    z.object({ change: z.literal("switch_hostname_back"), zoneId: z.string().optional(), hostnameId: z.string().optional() }).strict(),
    z
      .object({
        change: z.literal("upload_legacy_certificate"),
        zoneId: z.string().optional(),
        expiresInDays: z.number().int().min(1).max(90).default(20),
      })
      .strict(),
    z
      .object({
        change: z.literal("order_replacement_pack"),
        zoneId: z.string(),
        packId: z.string(),
        certificateAuthority: z.enum(["google", "ssl_com"]),
      })
      .strict(),
    // After DELETE …/ssl/certificate_packs/{id}, `status=all` still lists the pack, pending deletion and then deleted.
    z
      .object({
        change: z.literal("delete_pack"),
        zoneId: z.string(),
        packId: z.string(),
        status: z.enum(["pending_deletion", "deleted"]).default("pending_deletion"),
      })
      .strict(),
  ],
  {
    error: "change must be order_legacy_pack, switch_hostname_back, upload_legacy_certificate, order_replacement_pack or delete_pack",
  },
);
export type CertificateEvent = z.infer<typeof certificateEventSchema>;

export type EventOutcome =
  { zone: { id: string; name: string }; certificate: CertificatePack | CustomHostname | CustomCertificate } | { problem: string };

let events = 0;

/** Applies the change to the account at `nowMs`; the zone is the one named, or the first that fits. */
export function applyCertificateEvent(state: SandboxState, event: CertificateEvent, nowMs: number): EventOutcome {
  const rng = new Random((state.seed ^ (0x5eed_c0de + ++events)) >>> 0);
  if (event.change === "order_replacement_pack" || event.change === "delete_pack") return packEvent(state, event, rng, nowMs);
  const fits = (zone: Zone, certs: ZoneCertificates) => {
    if (event.change === "switch_hostname_back")
      return certs.customHostnames.some((h) =>
        event.hostnameId ? h.id === event.hostnameId : h.ssl.certificate_authority === "google" && h.ssl.status === "active",
      );
    if (event.change === "upload_legacy_certificate") return zone.plan.legacy_id === "business" || zone.plan.legacy_id === "enterprise";
    return zone.status === "active";
  };
  const zone = state.zones.find((z) => (event.zoneId ? z.id === event.zoneId : fits(z, state.certificates[z.id]!)));
  if (!zone) return { problem: event.zoneId ? "zoneId: no such zone" : `no zone fits ${event.change}` };
  const certs = state.certificates[zone.id]!;
  if (!fits(zone, certs)) return { problem: `zoneId: ${zone.name} cannot take ${event.change}` };
  const named = { id: zone.id, name: zone.name };
  if (event.change === "order_legacy_pack") {
    const pack = legacyPack(rng, zone, nowMs);
    certs.packs.push(pack);
    return { zone: named, certificate: pack };
  }
  if (event.change === "switch_hostname_back") {
    const hostname = certs.customHostnames.find((h) =>
      event.hostnameId ? h.id === event.hostnameId : h.ssl.certificate_authority === "google" && h.ssl.status === "active",
    )!;
    // As after a PATCH to lets_encrypt once the new certificate is issued: active again, from the legacy-chain CA.
    Object.assign(hostname.ssl, {
      certificate_authority: "lets_encrypt",
      status: "active",
      issuer: "LetsEncrypt",
      uploaded_on: isoMicro(nowMs, rng),
      expires_on: isoMicro(nowMs + 90 * DAY_MS, rng),
    });
    return { zone: named, certificate: hostname };
  }
  const certificate = legacyUpload(rng, zone, nowMs, event.expiresInDays);
  certs.customCertificates.push(certificate);
  certs.packs.push({
    id: uuidV4(rng.hex(32)),
    type: "sni_custom",
    hosts: [...certificate.hosts],
    primary_certificate: certificate.id,
    status: "active",
    certificates: [certificate],
    created_on: certificate.uploaded_on,
  });
  return { zone: named, certificate };
}

/** An advanced pack ordered with certificate_authority lets_encrypt (90 days: the CA issues no shorter ones). */
function legacyPack(rng: Random, zone: Zone, nowMs: number): CertificatePack {
  const hosts = [`legacy-${events}.${zone.name}`];
  const issued = isoMicro(nowMs, rng);
  const certificates = ["SHA256WithRSA", "ECDSAWithSHA256"].map((signature) => ({
    id: rng.hex(),
    hosts: [...hosts],
    issuer: "LetsEncrypt",
    signature,
    status: "active",
    bundle_method: "ubiquitous" as const,
    zone_id: zone.id,
    uploaded_on: issued,
    modified_on: issued,
    expires_on: isoMicro(nowMs + 90 * DAY_MS, rng),
    priority: 0,
  }));
  return {
    id: uuidV4(rng.hex(32)),
    type: "advanced",
    hosts,
    primary_certificate: certificates[0]!.id,
    status: "active",
    certificates,
    created_on: issued,
    validity_days: 90,
    validation_method: "txt",
    certificate_authority: "lets_encrypt",
  };
}

/** A Let's Encrypt certificate obtained elsewhere and uploaded late in its 90 days, for a name two labels deep (no wildcard of the zone covers it). */
function legacyUpload(rng: Random, zone: Zone, nowMs: number, expiresInDays: number): CustomCertificate {
  const uploaded = isoMicro(nowMs, rng);
  return {
    id: rng.hex(),
    hosts: [`uploaded-${events}.legacy.${zone.name}`],
    issuer: "LetsEncrypt",
    signature: "SHA256WithRSA",
    status: "active",
    bundle_method: "ubiquitous",
    zone_id: zone.id,
    uploaded_on: uploaded,
    modified_on: uploaded,
    expires_on: isoMicro(nowMs + expiresInDays * DAY_MS, rng),
    priority: 0,
  };
}

/** The advice followed on one advanced pack: its replacement ordered with another CA (issued at once), or the pack deleted. */
function packEvent(
  state: SandboxState,
  event: Extract<CertificateEvent, { change: "order_replacement_pack" | "delete_pack" }>,
  rng: Random,
  nowMs: number,
): EventOutcome {
  const zone = state.zones.find((z) => z.id === event.zoneId);
  if (!zone) return { problem: "zoneId: no such zone" };
  const certs = state.certificates[zone.id]!;
  const old = certs.packs.find((p) => p.id === event.packId);
  if (!old || old.type !== "advanced") return { problem: "packId: no such advanced certificate pack in the zone" };
  const named = { id: zone.id, name: zone.name };
  if (event.change === "delete_pack") {
    old.status = event.status;
    return { zone: named, certificate: old };
  }
  const pack = packInStatus(rng, zone, [...old.hosts], "active", event.certificateAuthority, nowMs);
  certs.packs.push(pack);
  return { zone: named, certificate: pack };
}
