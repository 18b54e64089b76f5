// DNS records for one zone: the usual A/AAAA/CNAME/MX/TXT set plus the CAA cases certificate analysis must handle.
import type { DnsRecord, DnsRecordType, Zone } from "./types";
import type { Random } from "./random";
import { between, isoMicro, SEED_EPOCH_END } from "./time";

type CaaTag = "issue" | "issuewild" | "iodef";
interface CaaEntry {
  host: string;
  tag: CaaTag;
  value: string;
}

/** CAA profiles with their rough share: none, legacy CA only, three CAs, subdomain only, issuewild, legacy CA blocked. */
const CAA_PROFILES: [weight: number, build: (zone: string) => CaaEntry[]][] = [
  [0.3, () => []],
  [0.25, (z) => [caa(z, "issue", "letsencrypt.org")]],
  [0.2, (z) => [caa(z, "issue", "letsencrypt.org"), caa(z, "issue", "pki.goog"), caa(z, "issue", "ssl.com")]],
  [0.1, (z) => [caa(`shop.${z}`, "issue", "letsencrypt.org")]],
  [0.1, (z) => [caa(z, "issue", "pki.goog"), caa(z, "issuewild", "letsencrypt.org")]],
  [0.05, (z) => [caa(z, "issue", "pki.goog"), caa(z, "issue", "ssl.com")]],
];

function caa(host: string, tag: CaaTag, value: string): CaaEntry {
  return { host, tag, value };
}

function pickProfile(rng: Random, zone: string): CaaEntry[] {
  let roll = rng.float();
  for (const [weight, build] of CAA_PROFILES) {
    if (roll < weight) return build(zone);
    roll -= weight;
  }
  return [];
}

/** `extraHosts` > 0 makes a zone big enough (over 100 records) to need DNS paging. */
export function seedDnsRecords(rng: Random, zone: Zone, extraHosts: number): DnsRecord[] {
  const zoneCreatedMs = Date.parse(`${zone.created_on.slice(0, 23)}Z`);
  const make = (type: DnsRecordType, name: string, content: string, extra: Partial<DnsRecord> = {}): DnsRecord => {
    const createdMs = between(rng, zoneCreatedMs, SEED_EPOCH_END);
    const proxiable = type === "A" || type === "AAAA" || type === "CNAME";
    const proxied = proxiable && rng.chance(0.8);
    return {
      id: rng.hex(),
      zone_id: zone.id,
      zone_name: zone.name,
      name,
      type,
      content,
      proxiable,
      proxied,
      ttl: proxied ? 1 : rng.pick([300, 3600, 86_400]),
      locked: false,
      ...extra,
      tags: [],
      meta: { auto_added: false, source: "primary" },
      created_on: isoMicro(createdMs, rng),
      modified_on: isoMicro(between(rng, createdMs, SEED_EPOCH_END), rng),
    };
  };
  const z = zone.name;
  const records: DnsRecord[] = [make("A", z, `198.51.100.${rng.int(1, 254)}`)];
  if (rng.chance(0.4)) records.push(make("AAAA", z, `2001:db8:${rng.hex(4)}::${rng.int(1, 255).toString(16)}`));
  records.push(make("CNAME", `www.${z}`, z));
  records.push(make("MX", z, `mx1.${z}`, { priority: 10 }));
  if (rng.chance(0.5)) records.push(make("MX", z, `mx2.${z}`, { priority: 20 }));
  records.push(make("TXT", z, "v=spf1 include:_spf.google.com ~all"));
  records.push(make("TXT", `_dmarc.${z}`, `v=DMARC1; p=quarantine; rua=mailto:dmarc@${z}`, { comment: "Domain verification record" }));
  const entries = pickProfile(rng, z);
  if (entries.length > 0 && rng.chance(0.2)) entries.push(caa(z, "iodef", `mailto:security@${z}`));
  for (const entry of entries) {
    records.push(make("CAA", entry.host, `0 ${entry.tag} "${entry.value}"`, { data: { flags: 0, tag: entry.tag, value: entry.value } }));
  }
  for (let i = 1; i <= extraHosts; i++) {
    records.push(make("A", `host-${String(i).padStart(3, "0")}.${z}`, `203.0.113.${rng.int(1, 254)}`));
  }
  return records;
}
