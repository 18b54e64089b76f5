// The large-account profile's custom hostnames (SANDBOX_CUSTOM_HOSTNAMES): generated from (seed, zone,
// index) on demand, never held, so 100,000 of them cost no memory. They go to zones with no designed
// hostnames (index % 5 === 3), a fifth of them to the first such zone (a SaaS zone far bigger than one
// budget); the designed seed is untouched. Their listing order is their index order (CA blocks, then name).
import { dashedUuid, Random, uuidV4 } from "./random";
import { DAY_MS, isoMicro } from "./time";
import type { Zone } from "./types";
import type { CustomHostname, HostnameCertificateAuthority } from "./types-certificates";

/** In the list's default order (`ssl` ascending): "" < google < lets_encrypt < ssl_com. */
const CA_BLOCKS: HostnameCertificateAuthority[] = ["", "google", "lets_encrypt", "ssl_com"];
const ISSUER: Record<string, string> = {
  "": "GoogleTrustServices",
  google: "GoogleTrustServices",
  lets_encrypt: "LetsEncrypt",
  ssl_com: "SSLCorp",
};
const HEAVY_SHARE = 0.2;

/** How many bulk hostnames each zone holds, by zone id. */
export type BulkHostnames = Map<string, { zoneIndex: number; count: number }>;

export function planBulkHostnames(zones: readonly Zone[], total: number): BulkHostnames {
  const plan: BulkHostnames = new Map();
  const hosts = zones.map((zone, index) => ({ zone, index })).filter(({ index }) => index % 5 === 3);
  if (total <= 0 || hosts.length === 0) return plan;
  const heavy = hosts.length === 1 ? total : Math.floor(total * HEAVY_SHARE);
  const rest = total - heavy;
  const others = hosts.length - 1;
  hosts.forEach(({ zone, index }, position) => {
    const count = position === 0 ? heavy : Math.floor(rest / others) + (position - 1 < rest % others ? 1 : 0);
    if (count > 0) plan.set(zone.id, { zoneIndex: index, count });
  });
  return plan;
}

/** The i-th bulk hostname of a zone: the same object every time for the same seed. */
export function bulkHostname(seed: number, zone: Zone, zoneIndex: number, count: number, i: number): CustomHostname {
  const rng = new Random((seed * 7919 + zoneIndex * 1_000_003 + i * 31 + 0x5eed) >>> 0);
  const ca = CA_BLOCKS[Math.min(CA_BLOCKS.length - 1, Math.floor((i * CA_BLOCKS.length) / count))]!;
  const hostname = `h${String(i).padStart(6, "0")}.tenants-${zoneIndex}.example`;
  const createdMs = Date.UTC(2023, 0, 1) + Math.floor(rng.float() * 900 * DAY_MS);
  const active = rng.chance(0.95);
  const drawn = rng.hex(32);
  // A UUID, as the real API gives custom hostname ids; the same draws as when it was 32 hex.
  const id = `${zoneIndex.toString(16).padStart(8, "0")}${i.toString(16).padStart(8, "0")}${rng.hex(16)}`;
  return {
    id: dashedUuid(id),
    hostname,
    status: active ? "active" : "pending",
    created_at: isoMicro(createdMs, rng),
    ssl: {
      id: uuidV4(drawn),
      type: "dv",
      method: rng.chance(0.7) ? "txt" : "http",
      status: active ? "active" : "pending_validation",
      certificate_authority: ca,
      bundle_method: "ubiquitous",
      wildcard: false,
      ...(active ? { issuer: ISSUER[ca], uploaded_on: isoMicro(createdMs, rng), expires_on: isoMicro(createdMs + 90 * DAY_MS, rng) } : {}),
      settings: { min_tls_version: "1.2", http2: "on" },
    },
    ownership_verification: { type: "txt", name: `_cf-custom-hostname.${hostname}`, value: drawn },
  };
}

/** Every bulk hostname of a zone, for the uncommon listings (filters, other orders) and the first write. */
export function allBulkHostnames(seed: number, zone: Zone, zoneIndex: number, count: number): CustomHostname[] {
  return Array.from({ length: count }, (_, i) => bulkHostname(seed, zone, zoneIndex, count, i));
}
