// GET /zones/{zone_id}/dns_records: type/name/content/proxied filters, ordering and paging (default 100 per page).
import { ok, type ApiResponse } from "../envelope";
import { BadQueryError } from "../errors";
import { combine } from "../filters";
import { compareKeys, paginate, readListParams, sortList, type SortKey } from "../paginate";
import { readEnum, readText } from "../query";
import type { RouteContext } from "../router";
import type { DnsRecord } from "../types";
import { findZone } from "./zones";

/** Bounds and default of the reference's `dns-records_per_page`. */
export const DNS_PER_PAGE = { min: 1, max: 5_000_000, fallback: 100 };
const DNS_ORDERS = ["type", "name", "content", "ttl", "proxied"] as const;
type DnsOrder = (typeof DNS_ORDERS)[number];
/** Every type of the reference's `dns-records_type`, so a valid filter for an unseeded type is an empty list, not a 400. */
const DNS_TYPES = [
  "A",
  "AAAA",
  "CAA",
  "CERT",
  "CNAME",
  "DNSKEY",
  "DS",
  "HTTPS",
  "LOC",
  "MX",
  "NAPTR",
  "NS",
  "PTR",
  "SMIMEA",
  "SRV",
  "SSHFP",
  "SVCB",
  "TLSA",
  "TXT",
  "URI",
] as const;

const ORDER_KEY: Record<DnsOrder, (record: DnsRecord) => SortKey> = {
  type: (r) => r.type,
  name: (r) => r.name,
  content: (r) => r.content,
  ttl: (r) => r.ttl,
  proxied: (r) => r.proxied,
};

export function listDnsRecords({ params, query, state, path }: RouteContext): ApiResponse {
  const found = findZone(state.zones, params.zone_id ?? "", path);
  if (!("zone" in found)) return found.response;
  const list = readListParams(query, DNS_PER_PAGE, DNS_ORDERS, "type");
  const type = readEnum(query, "type", DNS_TYPES, true);
  const name = readText(query, "name", 255)?.toLowerCase();
  const content = readText(query, "content", 4096);
  const proxied = readBoolean(query, "proxied");
  const match = readEnum(query, "match", ["all", "any"] as const) ?? "all";
  const predicates: ((record: DnsRecord) => boolean)[] = [];
  if (type !== undefined) predicates.push((r) => r.type === type);
  if (name !== undefined) predicates.push((r) => r.name === name || (name === "@" && r.name === found.zone.name));
  if (content !== undefined) predicates.push((r) => r.content === content);
  if (proxied !== undefined) predicates.push((r) => r.proxied === proxied);
  const records = (state.dnsRecords[found.zone.id] ?? []).filter(combine(predicates, match));
  const sorted = sortList(
    records,
    ORDER_KEY[list.order],
    list.direction,
    (a, b) => compareKeys(a.name, b.name) || compareKeys(a.content, b.content) || compareKeys(a.id, b.id),
  );
  const { result, resultInfo } = paginate(sorted, list.page, list.perPage);
  return ok(result, resultInfo);
}

function readBoolean(query: URLSearchParams, name: string): boolean | undefined {
  const raw = query.get(name);
  if (raw === null) return undefined;
  if (raw === "true") return true;
  if (raw === "false") return false;
  throw new BadQueryError(name, "must be true or false");
}
