// CAA analysis (RFC 8659): which CAs a hostname's relevant record set permits, inherited from the closest
// parent name that has CAA records, and whether the default CA would silently stay on the legacy chain.
import { CAA_DOMAIN } from "@/lib/certificates/chain-change";

export interface CaaRecord {
  name: string;
  flags: number;
  tag: string;
  value: string;
  /** The API gave neither `data` nor a parsable `content`: a CAA set exists at `name`, what it permits is unknown. */
  unreadable?: true;
}

/** `unknown`: the relevant set holds a record Preflight cannot read. */
export type DefaultCaOutcome = "google" | "lets_encrypt" | "none" | "unknown";

export interface CaaFinding {
  zoneId: string;
  zoneName: string;
  hostname: string;
  /** The name whose CAA records apply (the hostname itself or a parent); null when no CAA applies. */
  relevantName: string | null;
  records: string[];
  /** null: unknown (the relevant set holds a record Preflight cannot read). */
  permitsLegacy: boolean | null;
  permitsGoogle: boolean | null;
  permitsSslCom: boolean | null;
  /** What the default CA ends up issuing from: google first, lets_encrypt only if CAA blocks google. */
  defaultCa: DefaultCaOutcome;
  /** Switching to the default CA would silently stay on (or fail back to) the legacy chain; false when unknown. */
  flagged: boolean;
  /** The record that lets the more compatible CA issue, in zone-file form; null when none is needed. */
  recordToAdd: string | null;
  /** What the hostname is: a name of the zone's own certificates or CAA records, or a custom hostname. */
  source: "certificate" | "custom_hostname";
  /** The account zone whose DNS holds the relevant CAA set (where `recordToAdd` goes). */
  caaZoneName: string;
}

const KNOWN_TAGS = new Set(["issue", "issuewild", "iodef", "contactemail", "contactphone", "issuemail", "issuevmc"]);

/** The RRset at the closest name, from the hostname (or the wildcard's base) up to the zone apex. */
export function relevantSet(records: readonly CaaRecord[], hostname: string, apex: string): { name: string | null; records: CaaRecord[] } {
  const zone = apex.toLowerCase();
  const inZone = (n: string) => n === zone || n.endsWith(`.${zone}`);
  // Parents above the apex are in other zones Preflight cannot see (TLDs carry no CAA records anyway).
  for (let name = hostname.toLowerCase().replace(/^\*\./, "").replace(/\.$/, ""); inZone(name); name = name.slice(name.indexOf(".") + 1)) {
    const here = records.filter((r) => r.name.toLowerCase() === name);
    if (here.length > 0) return { name, records: here };
    if (name === zone) break;
  }
  return { name: null, records: [] };
}

/** The issuer domain of an `issue` value: `letsencrypt.org; validationmethods=dns-01` → letsencrypt.org; `;` → "". */
export function issuerDomain(value: string): string {
  return (value.split(";")[0] ?? "").trim().toLowerCase();
}

export function permits(set: readonly CaaRecord[], caDomain: string, wildcard: boolean): boolean {
  if (set.length === 0) return true;
  // An unknown property marked critical forbids issuance by every CA.
  if (set.some((r) => (r.flags & 128) !== 0 && !KNOWN_TAGS.has(r.tag.toLowerCase()))) return false;
  const issue = set.filter((r) => r.tag.toLowerCase() === "issue");
  const issuewild = set.filter((r) => r.tag.toLowerCase() === "issuewild");
  // For a wildcard, issuewild (when present) replaces issue entirely.
  const properties = wildcard && issuewild.length > 0 ? issuewild : issue;
  if (properties.length === 0) return true;
  return properties.some((r) => issuerDomain(r.value) === caDomain);
}

export function analyseHostname(zone: { id: string; name: string }, records: readonly CaaRecord[], hostname: string): CaaFinding {
  return caaFinding(zone, hostname, relevantSet(records, hostname, zone.name), { source: "certificate", caaZoneName: zone.name });
}

/** The finding for a hostname whose relevant set is known; `caaZoneName` owns the DNS where a record would go. */
export function caaFinding(
  zone: { id: string; name: string },
  hostname: string,
  set: { name: string | null; records: readonly CaaRecord[] },
  where: { source: CaaFinding["source"]; caaZoneName: string },
): CaaFinding {
  const wildcard = hostname.startsWith("*.");
  const records = set.records.map((r) => (r.unreadable ? "a record without data or readable content" : `${r.flags} ${r.tag} "${r.value}"`));
  // Literals of one shape, not spreads: a spread's object gets a shape of its own per call on Node 20 (zone-audit.ts).
  if (set.records.some((r) => r.unreadable)) {
    return {
      zoneId: zone.id,
      zoneName: zone.name,
      hostname,
      relevantName: set.name,
      records,
      permitsLegacy: null,
      permitsGoogle: null,
      permitsSslCom: null,
      defaultCa: "unknown",
      flagged: false,
      recordToAdd: null,
      source: where.source,
      caaZoneName: where.caaZoneName,
    };
  }
  const can = (ca: string) => permits(set.records, CAA_DOMAIN[ca] ?? ca, wildcard);
  const [permitsLegacy, permitsGoogle, permitsSslCom] = [can("lets_encrypt"), can("google"), can("ssl_com")];
  const defaultCa: DefaultCaOutcome = permitsGoogle ? "google" : permitsLegacy ? "lets_encrypt" : "none";
  const usesIssuewild = wildcard && set.records.some((r) => r.tag.toLowerCase() === "issuewild");
  const flagged = defaultCa !== "google";
  return {
    zoneId: zone.id,
    zoneName: zone.name,
    hostname,
    relevantName: set.name,
    records,
    permitsLegacy,
    permitsGoogle,
    permitsSslCom,
    defaultCa,
    flagged,
    // Added where the relevant set lives, so it extends that set instead of replacing it for the hostname.
    recordToAdd: flagged ? `${set.name ?? where.caaZoneName}. CAA 0 ${usesIssuewild ? "issuewild" : "issue"} "${CAA_DOMAIN.google}"` : null,
    source: where.source,
    caaZoneName: where.caaZoneName,
  };
}

/** Words for a finding whose CAA set holds a record without data or readable content. */
export function unreadableCaa(finding: CaaFinding): string {
  return `CAA on ${finding.relevantName ?? finding.hostname} holds a record the API gave without data or readable content, so what it permits is unknown`;
}
