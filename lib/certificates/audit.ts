// The account-wide audit, zone by zone in the listing's order, within the request's subrequest budget: work
// beyond it returns a cursor (scan, zones page, offset) and the next request resumes at that zone. The whole
// zone list comes first (lib/certificates/audit-zones.ts): every zone's custom hostnames may need it.
import "server-only";
import { z } from "zod";
import { ScanCache } from "@/lib/certificates/audit-cache";
import { scanZoneList, wholeZoneList } from "@/lib/certificates/audit-zones";
import { hostnameCaaContext, type CaaReads } from "@/lib/certificates/caa-reads";
import { cachedCaaRecords, fetchInventory, MIN_CALLS_PER_ZONE } from "@/lib/certificates/inventory";
import type { CaaRecord } from "@/lib/certificates/caa";
import type { CertificatesPage, ZoneOutcome } from "@/lib/certificates/types";
import { auditZone } from "@/lib/certificates/zone-audit";
import type { PlatformClient } from "@/lib/platform/client";
import { decodeCursor, encodeCursor } from "@/lib/platform/cursor";
import { type BudgetExhaustedError, PlatformError } from "@/lib/errors/platform-errors";
import { finishedResults, runWithinBudget } from "@/lib/platform/budget-pool";
import { MAX_IN_FLIGHT } from "@/lib/platform/scheduler";
import type { ListedZones } from "@/lib/platform/zone-list-share";
import { ZONES_PER_PAGE, type ZoneRow } from "@/lib/platform/zones";

const OPERATION = "certificates";
const positionShape = {
  scan: z.string().regex(/^[0-9a-f]{16}$/),
  startedAt: z.number().int(),
  page: z.number().int().min(1),
  offset: z.number().int().min(0),
};
type Position = { scan: string; startedAt: number; page: number; offset: number };

export interface Chunk {
  page: Omit<CertificatesPage, "fetchedAt" | "complete" | "cursor">;
  next?: Position;
  /** The budget ran out inside this zones page. */
  cutShort: boolean;
}

/** One scan cache per account entry and account read: another account's zones are never audited with these credentials. */
const caches = new Map<string, ScanCache<Chunk>>();
function cacheFor(client: PlatformClient, accountId: string | undefined): ScanCache<Chunk> {
  const key = `${client.apiBaseUrl}|${accountId ?? ""}`;
  let cache = caches.get(key);
  if (!cache) caches.set(key, (cache = new ScanCache<Chunk>()));
  return cache;
}
/** Rows kept per scan at most: past this a large account's chunks are recomputed on a re-read, not held in memory. */
const CACHED_ROWS_PER_SCAN = 20_000;
const cachedRows = new WeakMap<object, number>();

/** The scan a retry of failed zones patches: the latest one still fresh. */
export function latestScan(client: PlatformClient, accountId?: string) {
  return cacheFor(client, accountId).current(false);
}

/** The longest rate-limit wait met in this request: the answer tells the browser to wait that long. */
interface Pause {
  ms: number;
}

export async function auditCertificates(
  client: PlatformClient,
  options: { cursor?: string; refresh?: boolean; accountId?: string },
): Promise<CertificatesPage> {
  const cache = cacheFor(client, options.accountId);
  let position: Position | undefined;
  if (options.cursor) position = decodeCursor(OPERATION, positionShape, options.cursor);
  else {
    const scan = cache.current(options.refresh ?? false);
    position = { scan: scan.id, startedAt: scan.startedAt, page: 1, offset: 0 };
  }
  const scan = cache.byId(position.scan, position.startedAt);
  const out: CertificatesPage = {
    certificates: [],
    caa: [],
    zones: [],
    fetchedAt: new Date(scan.startedAt).toISOString(),
    complete: false,
  };
  const pause: Pause = { ms: 0 };
  while (position) {
    const key: string = `${position.page}:${position.offset}`;
    const cached = scan.chunks.get(key);
    const chunk: Chunk | undefined =
      cached ?? (await listedChunk(client, scan, position, options.accountId, out.zones.length === 0, pause));
    if (!chunk) break;
    const held = cachedRows.get(scan) ?? 0;
    if (!cached && held < CACHED_ROWS_PER_SCAN) {
      scan.chunks.set(key, chunk);
      cachedRows.set(scan, held + chunk.page.certificates.length + chunk.page.caa.length);
    }
    out.certificates.push(...chunk.page.certificates);
    out.caa.push(...chunk.page.caa);
    out.zones.push(...chunk.page.zones);
    out.totalZones = chunk.page.totalZones;
    position = chunk.next;
    // Only this request's budget ends it: a chunk cut short in an earlier request continues from the cache.
    if (chunk.cutShort && !cached) break;
  }
  out.complete = position === undefined;
  if (position) out.cursor = encodeCursor(OPERATION, position);
  if (position && pause.ms > 0) out.retryAfterSeconds = Math.ceil(pause.ms / 1000);
  return out;
}

export type AuditedZone = { zone: ZoneRow; outcome: "audited" | "failed"; reason?: string; rows?: ReturnType<typeof auditZone> };

type ScanState = ReturnType<ScanCache<Chunk>["current"]>;

/** The reads custom hostnames' CAA needs, shared by the scan: the scan's zone list and CAA records, each read once. */
export function scanReads(client: PlatformClient, scan: ScanState, accountId?: string): CaaReads {
  return {
    zones: async () => (await wholeZoneList(client, scan, accountId)).zones,
    records: (zoneId) => cachedCaaRecords(client, zoneId, scan.caa),
  };
}

/** The next chunk once the scan's zone list is whole; undefined while listing it needs another request. */
async function listedChunk(
  client: PlatformClient,
  scan: ScanState,
  position: Position,
  accountId: string | undefined,
  firstInRequest: boolean,
  pause: Pause,
) {
  const list = await scanZoneList(client, scan, accountId);
  if (!list.zones) {
    pause.ms = Math.max(pause.ms, list.retryAfterMs ?? 0);
    return undefined;
  }
  // A zone runs alone only on a budget the listing did not spend: it is never failed for the listing's sake.
  return auditChunk(client, scan, list.zones, position, accountId, firstInRequest && !list.listedNow, pause);
}

/** One zones page (of the listing's size) from `offset`; undefined when the budget cannot audit even one zone. */
async function auditChunk(
  client: PlatformClient,
  scan: ScanState,
  listed: ListedZones,
  position: Position,
  accountId: string | undefined,
  alone: boolean,
  pause: Pause,
): Promise<Chunk | undefined> {
  const pageStart = (position.page - 1) * ZONES_PER_PAGE;
  const zones = listed.zones.slice(pageStart + position.offset, pageStart + ZONES_PER_PAGE);
  const pool = await auditZones(client, zones, { alone, reads: scanReads(client, scan, accountId), caaCache: scan.caa });
  pause.ms = Math.max(pause.ms, pool.retryAfterMs);
  const finished = finishedResults(pool);
  if (finished.length === 0 && zones.length > 0) return undefined;
  const cutShort = finished.length < zones.length;
  const lastPage = pageStart + ZONES_PER_PAGE >= listed.zones.length;
  const next = cutShort
    ? { ...position, offset: position.offset + finished.length }
    : lastPage
      ? undefined
      : { ...position, page: position.page + 1, offset: 0 };
  return {
    page: {
      certificates: finished.flatMap((r) => r.rows?.rows ?? []),
      caa: finished.flatMap((r) => r.rows?.caa ?? []),
      zones: finished.map((r): ZoneOutcome => ({
        zoneId: r.zone.id,
        zoneName: r.zone.name,
        account: r.zone.account,
        status: r.outcome,
        ...(r.reason ? { reason: r.reason } : {}),
      })),
      totalZones: listed.totalCount,
    },
    next,
    cutShort,
  };
}

/**
 * Audits zones in order as far as the request's budget goes (lib/platform/budget-pool.ts). `alone`: the first
 * zone runs alone, on a budget nothing else spent, so a zone too big for a whole budget is failed as such
 * (rather than retried forever) and every request makes progress.
 */
export function auditZones(
  client: PlatformClient,
  zones: readonly ZoneRow[],
  options: { alone: boolean; reads: CaaReads; caaCache?: Map<string, Promise<CaaRecord[]>> },
) {
  const pool = {
    // Twice as many zones as connections: while one zone waits for its packs, another's calls fill the slot.
    concurrency: 2 * MAX_IN_FLIGHT,
    // Its least: a zone's custom hostnames can be any number of pages; one the budget cuts short is redone whole.
    calls: MIN_CALLS_PER_ZONE,
    firstAlone: options.alone,
    tooBig: (zone: ZoneRow, error: BudgetExhaustedError): AuditedZone => ({
      zone,
      outcome: "failed",
      reason: `needs more than the ${error.budget} subrequests one request may make; raise SUBREQUEST_BUDGET`,
    }),
  };
  return runWithinBudget(client.scheduler, zones, pool, (zone) => auditOne(client, zone, options.reads, options.caaCache));
}

/** A zone's audit. A limit (DeferredError) is the pool's to handle: the zone is redone whole in the next request. */
async function auditOne(
  client: PlatformClient,
  zone: ZoneRow,
  reads: CaaReads,
  caaCache?: Map<string, Promise<CaaRecord[]>>,
): Promise<AuditedZone> {
  // A zone whose listing entry did not parse is marked failed, as the migration scan marks it: its name may be its id.
  if (zone.unreadable) {
    const reason = `The zone listing's entry for this zone did not parse (${zone.unreadable}): its certificates were not audited.`;
    return { zone, outcome: "failed", reason };
  }
  try {
    const inventory = await fetchInventory(client, { id: zone.id, name: zone.name, plan: zone.plan }, { caaCache });
    const context = await hostnameCaaContext(reads, zone, inventory.caaRecords, inventory.customHostnames);
    return { zone, outcome: "audited", rows: auditZone(zone, inventory, context) };
  } catch (error) {
    if (error instanceof PlatformError) return { zone, outcome: "failed", reason: error.message };
    throw error;
  }
}
