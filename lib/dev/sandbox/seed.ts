// The whole simulated account from one seed: same seed and zone count ⇒ byte-identical data.
import { assignPlans } from "./plans";
import { planBulkHostnames } from "./bulk-hostnames";
import { Random } from "./random";
import { seedCertificates } from "./seed-certificates";
import { seedDeadCertificates } from "./seed-dead-certificates";
import { seedDnsRecords } from "./seed-dns";
import { seedInAccountHostnames } from "./seed-hostname-caa";
import { seedUploadedHostnames } from "./seed-uploaded-hostnames";
import { seedInvites } from "./routes/invites";
import { makeZone } from "./seed-zones";
import type { DnsRecord, PlanLegacyId, SandboxState } from "./types";
import { DEFAULT_RETIRED_SHARE, seedWaf } from "./waf/seed-waf";
import { applyHostileStrings } from "./seed-hostile";

export const DEFAULT_ZONE_COUNT = 240;
export const ACCOUNT_NAME = "Sandbox Security Team";
/** Host-record counts for the few big zones: each one pushes a zone past one DNS page of 100. */
const BIG_ZONE_EXTRA_HOSTS = [130, 245, 101];

export interface SeedOptions {
  seed?: number;
  zoneCount?: number;
  /** Extra custom hostnames for the large-account profile, generated on demand (default 0). */
  customHostnames?: number;
  /** Markup in shown strings, for the browser's rendering tests (seed-hostile.ts); counts unchanged. */
  hostileStrings?: boolean;
  /** Share (0–1) of the otherwise eligible zones whose previous-version API answers 410 Gone; derived from zone ids, no draws. */
  retiredShare?: number;
  /** The account's name (default: the first sandbox account's). */
  accountName?: string;
  /** The plans of the account's zones in equal shares (default: all four in the first account's shares). */
  plans?: readonly PlanLegacyId[];
  /** Zone names number from this + 1, so the names of several accounts' zones never collide (default 0). */
  zoneNumberOffset?: number;
  /** How wide zone numbers are padded (default: the zone count's width, at least 3). */
  zoneNumberWidth?: number;
}

export function seedAccount({
  seed = 1,
  zoneCount = DEFAULT_ZONE_COUNT,
  customHostnames = 0,
  hostileStrings = false,
  retiredShare = DEFAULT_RETIRED_SHARE,
  accountName = ACCOUNT_NAME,
  plans: planMix,
  zoneNumberOffset = 0,
  zoneNumberWidth = String(zoneCount).length,
}: SeedOptions = {}): SandboxState {
  if (!(retiredShare >= 0 && retiredShare <= 1)) throw new Error("retiredShare must be between 0 and 1");
  if (!Number.isSafeInteger(seed)) throw new Error("seed must be an integer");
  if (!Number.isInteger(zoneCount) || zoneCount < 1 || zoneCount > 10_000) {
    throw new Error("zoneCount must be an integer between 1 and 10000");
  }
  const rng = new Random(seed);
  const account = { id: rng.hex(), name: accountName };
  const ownerId = rng.hex();
  const plans = assignPlans(rng, zoneCount, planMix);
  const numbering = { offset: zoneNumberOffset, width: zoneNumberWidth };
  const zones = plans.map((legacyId, index) => makeZone(rng, index, numbering, legacyId, account, ownerId));
  // The SDK's Zone.Plan has every field optional: the last zone of a full-size account lists its plan without a name (no draws).
  if (zoneCount >= 20) delete zones[zoneCount - 1]!.plan.name;
  const bigZones = new Map<number, number>();
  for (const extra of BIG_ZONE_EXTRA_HOSTS) {
    const index = rng.int(0, zoneCount - 1);
    if (!bigZones.has(index)) bigZones.set(index, extra);
  }
  const dnsRecords: Record<string, DnsRecord[]> = {};
  zones.forEach((zone, index) => {
    dnsRecords[zone.id] = seedDnsRecords(rng, zone, bigZones.get(index) ?? 0);
  });
  const certificates = seedCertificates(seed, zones, dnsRecords);
  seedInAccountHostnames(seed, zones, dnsRecords, certificates);
  seedUploadedHostnames(seed, zones, certificates);
  seedDeadCertificates(seed, zones, certificates);
  const bulkHostnames = planBulkHostnames(zones, customHostnames);
  const state = {
    seed,
    account,
    zones,
    dnsRecords,
    waf: seedWaf(seed, zones, retiredShare),
    certificates,
    bulkHostnames,
    invites: seedInvites(seed),
  };
  if (hostileStrings) applyHostileStrings(state);
  return state;
}
