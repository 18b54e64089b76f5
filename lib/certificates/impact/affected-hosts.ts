// Which hostnames the impact is read for: those of action-required and informational certificates, per zone,
// in requests of at most MAX_HOSTS (the operation's limit), zones with an action-required certificate first
// (each zone costs GraphQL calls from a budget shared by the account: the urgent ones are read first). Pure.
import type { CertificateRow } from "@/lib/certificates/types";

/** Hostnames per request of GET /api/certificates/impact (one zone's two queries name them all). */
export const MAX_HOSTS = 50;

export const AFFECTED_VERDICTS: ReadonlySet<string> = new Set(["action_required", "informational"]);

/** One read: a zone's hosts, and the zone's account id (the read asks with that account's credentials). */
export interface AffectedHostRequest {
  zoneId: string;
  hosts: string[];
  account?: string;
}

export function affectedHostRequests(rows: readonly CertificateRow[]): AffectedHostRequest[] {
  const byZone = new Map<string, Set<string>>();
  const urgent = new Set<string>();
  const accountOf = new Map<string, string>();
  for (const row of rows) {
    if (!AFFECTED_VERDICTS.has(row.verdict)) continue;
    if (row.verdict === "action_required") urgent.add(row.zoneId);
    if (row.account?.id) accountOf.set(row.zoneId, row.account.id);
    const hosts = byZone.get(row.zoneId) ?? new Set<string>();
    for (const host of row.hosts) hosts.add(host.toLowerCase());
    byZone.set(row.zoneId, hosts);
  }
  const requests: AffectedHostRequest[] = [];
  const zones = [...byZone].sort(([a], [b]) => Number(urgent.has(b)) - Number(urgent.has(a)));
  for (const [zoneId, hosts] of zones) {
    const all = [...hosts].sort();
    const account = accountOf.get(zoneId);
    for (let i = 0; i < all.length; i += MAX_HOSTS)
      requests.push({ zoneId, hosts: all.slice(i, i + MAX_HOSTS), ...(account ? { account } : {}) });
  }
  return requests;
}
