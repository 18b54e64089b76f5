// CAA for custom hostnames (rule 6: the default CA falls back to the legacy chain when CAA blocks pki.goog).
// A custom hostname's CAA is readable when it lies in one of the account's zones: RFC 8659's climb then runs
// through the account's zones (the name, then each parent, the closest with records wins). Outside every
// zone of the account (a SaaS customer's own domain) its CAA lives in DNS Preflight does not read: unknown.
import { caaFinding, type CaaFinding, type CaaRecord } from "@/lib/certificates/caa";

export interface AccountZone {
  id: string;
  name: string;
}

/** The account's zones and the CAA records read of them (by zone id). */
export interface HostnameCaaContext {
  zones: readonly AccountZone[];
  records: ReadonlyMap<string, readonly CaaRecord[]>;
}

const bare = (hostname: string) => hostname.toLowerCase().replace(/^\*\./, "").replace(/\.$/, "");

/** Zones by lower-case name, built once per zones list: a SaaS zone may have 100,000 custom hostnames. */
const indexes = new WeakMap<readonly AccountZone[], Map<string, AccountZone>>();
function byName(zones: readonly AccountZone[]): Map<string, AccountZone> {
  let index = indexes.get(zones);
  if (!index) {
    index = new Map(zones.map((z) => [z.name.toLowerCase(), z]));
    indexes.set(zones, index);
  }
  return index;
}

/** The deepest account zone that holds `name` (the name itself or a parent of it). */
export function enclosingZone(name: string, zones: readonly AccountZone[]): AccountZone | undefined {
  const index = byName(zones);
  for (let at = bare(name); at !== ""; at = at.includes(".") ? at.slice(at.indexOf(".") + 1) : "") {
    const zone = index.get(at);
    if (zone) return zone;
  }
  return undefined;
}

/** The account zones whose CAA records a hostname's climb may read, from the closest up. */
export function zonesOnClimb(hostname: string, zones: readonly AccountZone[]): AccountZone[] {
  const out: AccountZone[] = [];
  for (let name = bare(hostname); name.includes("."); name = name.slice(name.indexOf(".") + 1)) {
    const zone = enclosingZone(name, zones);
    if (!zone) break;
    if (!out.includes(zone)) out.push(zone);
  }
  return out;
}

/**
 * The CAA finding of a custom hostname of `owner`, or undefined when its CAA cannot be read (outside every
 * zone of the account, or a zone on the climb whose records were not read). Parents above the account's
 * zones are taken to carry no CAA, as for the zones' own hostnames (TLDs carry none).
 */
export function customHostnameCaa(owner: AccountZone, hostname: string, context: HostnameCaaContext): CaaFinding | undefined {
  const first = enclosingZone(bare(hostname), context.zones);
  if (!first) return undefined;
  for (let name = bare(hostname); name.includes("."); name = name.slice(name.indexOf(".") + 1)) {
    const zone = enclosingZone(name, context.zones);
    if (!zone) break;
    const records = context.records.get(zone.id);
    if (!records) return undefined;
    const here = records.filter((r) => r.name.toLowerCase().replace(/\.$/, "") === name);
    if (here.length > 0) return caaFinding(owner, hostname, { name, records: here }, { source: "custom_hostname", caaZoneName: zone.name });
  }
  return caaFinding(owner, hostname, { name: null, records: [] }, { source: "custom_hostname", caaZoneName: first.name });
}
