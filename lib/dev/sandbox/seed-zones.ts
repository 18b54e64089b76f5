// One realistic zone object per call, shaped like the reference `zones_zone` plus the 2026 fields (status, type, plan).
import type { Account, PlanLegacyId, Zone } from "./types";
import { PLANS } from "./plans";
import type { Random } from "./random";
import { between, DAY_MS, isoMicro, SEED_EPOCH_END, SEED_EPOCH_START } from "./time";

const BRANDS = [
  "northwind",
  "contoso",
  "fabrikam",
  "tailspin",
  "adventure",
  "wingtip",
  "litware",
  "proseware",
  "alpine",
  "bluesky",
  "coho",
  "lucerne",
  "margie",
  "humongous",
  "woodgrove",
  "fourthcoffee",
  "graphic",
  "southridge",
  "trey",
  "wideworld",
  "relecloud",
  "datum",
  "lamna",
  "munson",
];
const KINDS = ["shop", "api", "docs", "status", "blog", "app", "portal", "cdn", "pay", "id", "media", "labs"];
const TLDS = ["com", "net", "org", "io", "dev", "app", "co.uk", "shop"];
const NAMESERVER_NAMES = ["ada", "bob", "cruz", "dana", "elle", "finn", "gina", "hugo", "iris", "jack", "kara", "lola"];
const ORIGINAL_HOSTS: [registrar: string, dnsHost: string, nameServers: string[]][] = [
  ["GoDaddy.com, LLC", "GoDaddy", ["ns11.domaincontrol.com", "ns12.domaincontrol.com"]],
  ["NameCheap, Inc.", "NameCheap", ["dns1.registrar-servers.com", "dns2.registrar-servers.com"]],
  ["Gandi SAS", "Gandi", ["ns-101-a.gandi.net", "ns-202-b.gandi.net"]],
  ["Amazon Registrar, Inc.", "Route 53", ["ns-1021.awsdns-63.net", "ns-1762.awsdns-28.co.uk"]],
];
const PAGE_RULE_QUOTA: Record<PlanLegacyId, number> = { free: 3, pro: 20, business: 50, enterprise: 125 };
const CERT_QUOTA: Record<PlanLegacyId, number> = { free: 0, pro: 0, business: 1, enterprise: 10 };
const PERMISSIONS = [
  "#zone:read",
  "#zone:edit",
  "#dns_records:read",
  "#dns_records:edit",
  "#ssl:read",
  "#ssl:edit",
  "#waf:read",
  "#waf:edit",
];

/** How an account numbers its zones: from `offset` + 1, padded to `width` digits (at least 3). */
export interface ZoneNumbering {
  offset: number;
  width: number;
}

/** Zone names embed the zone's number, so they are unique (across accounts too) whatever the PRNG picks. */
export function zoneName(rng: Random, index: number, numbering: ZoneNumbering): string {
  const number = String(numbering.offset + index + 1).padStart(Math.max(3, numbering.width), "0");
  return `${rng.pick(BRANDS)}-${rng.pick(KINDS)}-${number}.${rng.pick(TLDS)}`;
}

export function makeZone(
  rng: Random,
  index: number,
  numbering: ZoneNumbering,
  legacyId: PlanLegacyId,
  account: Account,
  ownerId: string,
): Zone {
  const id = rng.hex();
  const name = zoneName(rng, index, numbering);
  const pending = rng.chance(0.08);
  const createdMs = between(rng, SEED_EPOCH_START, SEED_EPOCH_END - 30 * DAY_MS);
  const activatedMs = createdMs + between(rng, 0, 3 * DAY_MS);
  const modifiedMs = between(rng, activatedMs, SEED_EPOCH_END);
  const createdOn = isoMicro(createdMs, rng);
  const first = rng.pick(NAMESERVER_NAMES);
  const second = rng.pick(NAMESERVER_NAMES.filter((n) => n !== first));
  const original = rng.chance(0.85) ? rng.pick(ORIGINAL_HOSTS) : undefined;
  return {
    id,
    name,
    status: pending ? "pending" : "active",
    paused: !pending && rng.chance(0.03),
    type: "full",
    development_mode: rng.chance(0.9) ? 0 : rng.pick([7200, 3600, -86_400, -604_800]),
    name_servers: [`${first}.ns.cloudflare.com`, `${second}.ns.cloudflare.com`],
    original_name_servers: original ? [...original[2]] : null,
    original_registrar: original ? original[0] : null,
    original_dnshost: original ? original[1] : null,
    created_on: createdOn,
    modified_on: pending ? createdOn : isoMicro(modifiedMs, rng),
    activated_on: pending ? null : isoMicro(activatedMs, rng),
    meta: {
      step: pending ? 4 : 2,
      custom_certificate_quota: CERT_QUOTA[legacyId],
      page_rule_quota: PAGE_RULE_QUOTA[legacyId],
      phishing_detected: false,
      cdn_only: false,
      dns_only: false,
      foundation_dns: legacyId === "enterprise" && rng.chance(0.3),
    },
    owner: { id: ownerId, type: "organization", name: account.name },
    account: { ...account },
    permissions: [...PERMISSIONS],
    plan: { ...PLANS[legacyId] },
  };
}
