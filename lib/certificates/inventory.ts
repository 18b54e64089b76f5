// One zone's certificate inventory: packs, custom certificates, custom hostnames (every page), the Total TLS
// setting and the CAA records, through the request's PlatformClient. All or nothing: a walk the subrequest
// budget cut short throws BudgetExhaustedError, so the zone is redone whole in the next request.
import type { RowAccount } from "@/lib/accounts/row-account";
import "server-only";
import type { ZodType } from "zod";
import type { CaaRecord } from "@/lib/certificates/caa";
import {
  caaRecordSchema,
  certificatePackSchema,
  customCertificateSchema,
  CUSTOM_HOSTNAME_ORDER,
  customHostnameSchema,
  totalTlsSchema,
  type CertificatePack,
  type CustomCertificate,
  type CustomHostname,
  type TotalTls,
} from "@/lib/certificates/upstream";
import type { PlatformClient, Query } from "@/lib/platform/client";
import { BudgetExhaustedError, RateLimitDeferredError } from "@/lib/errors/platform-errors";
import { walkPages } from "@/lib/platform/paginate";
import { zonePath } from "@/lib/platform/paths";

export interface AuditedZone {
  id: string;
  name: string;
  /** The zone's account (lib/accounts/row-account.ts): every certificate row names it. */
  account?: RowAccount;
  plan: string;
}

export interface ZoneInventory {
  packs: CertificatePack[];
  customCertificates: CustomCertificate[];
  customHostnames: CustomHostname[];
  /** Absent when not read: the zone's Total TLS packs each name their CA, so the setting could add nothing. */
  totalTls?: TotalTls;
  caaRecords: CaaRecord[];
}

/** The calls one zone costs at most without paging (packs, custom hostnames, Total TLS, CAA, custom certificates). */
export const MIN_CALLS_PER_ZONE = 5;
/** The largest page these lists serve: fewest calls per zone. */
const PER_PAGE = 50;
const CUSTOM_PACK_TYPES = new Set(["sni_custom", "legacy_custom", "keyless"]);

async function walkAll<T>(client: PlatformClient, path: string, query: Query, schema: ZodType<T>, perPage = PER_PAGE): Promise<T[]> {
  const walk = await walkPages(client, path, query, schema, { perPage });
  if (walk.nextPage !== undefined) {
    throw walk.retryAfterMs ? new RateLimitDeferredError(walk.retryAfterMs) : new BudgetExhaustedError(client.scheduler.stats.budget);
  }
  return walk.items;
}

/** A zone's CAA records (every page), the `data` form or parsed from `content`. */
export async function fetchCaaRecords(client: PlatformClient, zoneId: string): Promise<CaaRecord[]> {
  const records = await walkAll(client, zonePath(zoneId, "dns_records"), { type: "CAA" }, caaRecordSchema, 100);
  return records.filter((r) => r !== null);
}

/** Which server request started a cached read, and whether it has settled. */
const caaReads = new WeakMap<Promise<CaaRecord[]>, { requestId?: string; settled: boolean }>();

/**
 * Reads a zone's CAA records once per cache: another zone's custom hostnames may have needed them first. A read
 * another server request left unfinished is not awaited: on the edge its I/O ended with that request, so it
 * would never settle (seen when a rate limit deferral answered a request while a read still waited).
 */
export function cachedCaaRecords(client: PlatformClient, zoneId: string, cache?: Map<string, Promise<CaaRecord[]>>): Promise<CaaRecord[]> {
  if (!cache) return fetchCaaRecords(client, zoneId);
  let read = cache.get(zoneId);
  const started = read && caaReads.get(read);
  if (!read || (started && !started.settled && started.requestId !== client.scheduler.requestId)) {
    const own = fetchCaaRecords(client, zoneId);
    const mark = { requestId: client.scheduler.requestId, settled: false };
    caaReads.set(own, mark);
    cache.set(zoneId, own);
    own.then(
      () => (mark.settled = true),
      // A failed read is forgotten, so the next attempt calls again.
      () => cache.get(zoneId) === own && cache.delete(zoneId),
    );
    read = own;
  }
  return read;
}

/**
 * `withHostnames: false` leaves the custom hostnames out: the snapshot refresh reads them page by page itself.
 * `caaCache` shares CAA reads between zones of one scan. `readAll` reads the Total TLS setting even where the
 * packs make it moot: the reference the tests compare the audit with.
 */
export async function fetchInventory(
  client: PlatformClient,
  zone: AuditedZone,
  {
    withHostnames = true,
    caaCache,
    readAll = false,
  }: { withHostnames?: boolean; caaCache?: Map<string, Promise<CaaRecord[]>>; readAll?: boolean } = {},
): Promise<ZoneInventory> {
  // `status=all` as the real API spells it (the document writes ssl_status=all): pending packs count too.
  const packs = await walkAll(client, zonePath(zone.id, "ssl", "certificate_packs"), { status: "all" }, certificatePackSchema);
  // Custom certificates exist on Business and Enterprise only, or where a custom pack shows one anyway.
  const hasCustom = zone.plan === "business" || zone.plan === "enterprise" || packs.some((p) => CUSTOM_PACK_TYPES.has(p.type));
  const [customCertificates, customHostnames, totalTls, caaRecords] = await Promise.all([
    hasCustom ? walkAll(client, zonePath(zone.id, "custom_certificates"), {}, customCertificateSchema) : Promise.resolve([]),
    withHostnames
      ? walkAll(client, zonePath(zone.id, "custom_hostnames"), CUSTOM_HOSTNAME_ORDER, customHostnameSchema)
      : Promise.resolve([]),
    readAll || !packsSettleTotalTls(packs)
      ? client.get(zonePath(zone.id, "acm", "total_tls"), {}, totalTlsSchema).then((e) => e.result)
      : undefined,
    cachedCaaRecords(client, zone.id, caaCache),
  ]);
  return { packs, customCertificates, customHostnames, ...(totalTls ? { totalTls } : {}), caaRecords };
}

/**
 * The setting adds a row only when no Total TLS pack exists, and lends its CA only to a pack that names none
 * (zone-audit.ts): with Total TLS packs that all name theirs, its answer cannot change the audit.
 */
export function packsSettleTotalTls(packs: readonly CertificatePack[]): boolean {
  const totalTls = packs.filter((p) => p.type === "total_tls");
  return totalTls.length > 0 && totalTls.every((p) => Boolean(p.certificate_authority));
}
