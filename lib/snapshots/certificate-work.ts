// The certificate audit of the zones from a position, as far as this request's budget goes. Unlike the
// live audit, a zone's custom hostnames are read page by page across requests: a SaaS zone with 20,000 of
// them needs 400 pages, more than one budget of 50 (or even 1000 with the rest of the account).
import "server-only";
import { hostnameCaaContext, type CaaReads } from "@/lib/certificates/caa-reads";
import { auditZone } from "@/lib/certificates/zone-audit";
import { fetchInventory, MIN_CALLS_PER_ZONE } from "@/lib/certificates/inventory";
import type { CaaRecord } from "@/lib/certificates/caa";
import type { CaaFinding, CertificateRow, ZoneOutcome } from "@/lib/certificates/types";
import { CUSTOM_HOSTNAME_ORDER, customHostnameSchema, type CustomHostname } from "@/lib/certificates/upstream";
import type { PlatformClient } from "@/lib/platform/client";
import { DeferredError, PlatformError } from "@/lib/errors/platform-errors";
import { finishedResults, runWithinBudget } from "@/lib/platform/budget-pool";
import { walkPages, type PageWalk } from "@/lib/platform/paginate";
import { zonePath } from "@/lib/platform/paths";
import type { ZoneRow } from "@/lib/platform/zones";

/** Custom hostname pages read in one walk at most: 2,000 hostnames bound what a request holds at once. */
export const HOSTNAME_PAGES_PER_STEP = 40;
/** Rows gathered before they go to the bucket as a part: the next zones continue in a new part. */
export const ROWS_PER_PART = 2_000;
const HOSTNAMES_PER_PAGE = 50;
/** Subrequests a custom hostnames walk leaves for the CAA records its hostnames need (the zone's, and zones of the account they fall in). */
const CAA_READS_KEPT = 4;
const NO_TOTAL_TLS = { enabled: false } as const;

export interface CertificateWork {
  certificates: CertificateRow[];
  caa: CaaFinding[];
  /** Zones finished in this request (a zone whose hostnames continue is listed when they end). */
  zones: ZoneOutcome[];
  /** Where the next request starts: a zone index, and the custom hostnames page inside it (0: from its base lists). */
  next: HostnamePosition;
  retryAfterMs: number;
}

export interface HostnamePosition {
  zone: number;
  hostnamePage: number;
  /** The id of the last custom hostname read, at the end of page hostnamePage - 1. */
  hostnameAfter?: string;
}

/** The account's zones and CAA records (read once per step) for custom hostnames' CAA. */
type StepReads = CaaReads & { caaCache: Map<string, Promise<CaaRecord[]>> };

/** One zone's part of a step: its rows, and whether it ended (`outcome`) or continues (`next`). */
interface ZoneStep {
  certificates: CertificateRow[];
  caa: CaaFinding[];
  outcome?: ZoneOutcome;
  /** Where the zone continues in the next request, when its custom hostnames do. */
  next?: HostnamePosition;
  retryAfterMs?: number;
}

export async function auditZonesFrom(
  platform: PlatformClient,
  zones: readonly ZoneRow[],
  start: HostnamePosition,
  zoneOffset: number,
  reads: StepReads,
): Promise<CertificateWork> {
  const positionOf = (i: number): HostnamePosition => (i === 0 ? start : { zone: start.zone + i, hostnamePage: 0 });
  let rows = 0;
  const options = {
    // One zone at a time: a zone's custom hostnames may continue in the next request, and none after it may come first.
    concurrency: 1,
    // A zone resumed inside its custom hostnames read its base lists already; its pages fit what the budget leaves.
    calls: (_zone: ZoneRow, i: number) => (positionOf(i).hostnamePage === 0 ? MIN_CALLS_PER_ZONE : 0),
    full: () => rows >= ROWS_PER_PART,
    continues: (step: ZoneStep) => step.next !== undefined,
    onFinished: (step: ZoneStep) => (rows += step.certificates.length),
  };
  const zonesLeft = zones.slice(start.zone - zoneOffset);
  const pool = await runWithinBudget(platform.scheduler, zonesLeft, options, (zone, i) => auditStep(platform, zone, positionOf(i), reads));
  const steps = finishedResults(pool);
  const last = steps.at(-1);
  return {
    certificates: steps.flatMap((step) => step.certificates),
    caa: steps.flatMap((step) => step.caa),
    zones: steps.flatMap((step) => (step.outcome ? [step.outcome] : [])),
    next: last?.next ?? positionOf(pool.end),
    retryAfterMs: Math.max(pool.retryAfterMs, last?.retryAfterMs ?? 0),
  };
}

/** The zone from its position: its base lists first (page 0), then its custom hostnames as far as the budget goes. */
async function auditStep(platform: PlatformClient, zone: ZoneRow, position: HostnamePosition, reads: StepReads): Promise<ZoneStep> {
  const step: ZoneStep = { certificates: [], caa: [] };
  try {
    if (position.hostnamePage === 0) {
      const inventory = await fetchInventory(platform, zone, { withHostnames: false, caaCache: reads.caaCache });
      const audited = auditZone(zone, inventory);
      step.certificates.push(...audited.rows);
      step.caa.push(...audited.caa);
    }
    const walk = await resumeHostnames(platform, zone.id, position);
    if (walk === "not_started") return { ...step, next: position };
    let caaRecords: CaaRecord[] = [];
    let context;
    try {
      caaRecords = walk.items.length > 0 ? await reads.records(zone.id) : [];
      context = await hostnameCaaContext(reads, zone, caaRecords, walk.items);
    } catch (error) {
      if (!(error instanceof DeferredError)) throw error;
      // The base lists (if read in this step) are kept: the zone resumes at these hostname pages.
      const next = { zone: position.zone, hostnamePage: Math.max(1, position.hostnamePage), hostnameAfter: position.hostnameAfter };
      return { ...step, next, retryAfterMs: error.retryAfterMs };
    }
    const hostnames = { packs: [], customCertificates: [], customHostnames: walk.items, totalTls: NO_TOTAL_TLS, caaRecords };
    const audited = auditZone(zone, hostnames, context);
    step.certificates.push(...audited.rows);
    // Only the custom hostnames' findings: the zone's own names were listed with its base lists.
    step.caa.push(...audited.caa.filter((f) => f.source === "custom_hostname"));
    if (walk.nextPage !== undefined) {
      // The base lists are done: the zone continues at its next custom hostnames page.
      const next = { zone: position.zone, hostnamePage: walk.nextPage, hostnameAfter: walk.items.at(-1)?.id ?? position.hostnameAfter };
      return { ...step, next, retryAfterMs: walk.retryAfterMs };
    }
    return { ...step, outcome: { zoneId: zone.id, zoneName: zone.name, status: "audited" } };
  } catch (error) {
    // A limit (DeferredError) is the pool's: the step's rows are dropped and the zone is redone from its position.
    if (!(error instanceof PlatformError)) throw error;
    return { ...step, outcome: { zoneId: zone.id, zoneName: zone.name, status: "failed", reason: error.message } };
  }
}

/**
 * The zone's custom hostnames from its cursor. A resumed walk reads the page before the cursor again: its
 * last hostname must still be the one read last, or hostnames moved between requests (a certificate
 * changed, a hostname came or went) and pages could have been skipped or repeated: the zone then fails,
 * named as such, rather than being published with a silent gap. The re-read page's rows are not kept twice.
 */
async function resumeHostnames(
  platform: PlatformClient,
  zoneId: string,
  position: HostnamePosition,
): Promise<PageWalk<CustomHostname> | "not_started"> {
  const resumeAt = Math.max(1, position.hostnamePage);
  const check = resumeAt > 1 && position.hostnameAfter !== undefined;
  const path = zonePath(zoneId, "custom_hostnames");
  // The pages the budget allows after the hostnames' CAA reads: a walk asking for more would fail whole, every step.
  const pages = Math.max(1, Math.min(HOSTNAME_PAGES_PER_STEP, platform.scheduler.remainingBudget - CAA_READS_KEPT - (check ? 1 : 0)));
  const walk = await walkPages(platform, path, CUSTOM_HOSTNAME_ORDER, customHostnameSchema, {
    perPage: HOSTNAMES_PER_PAGE,
    startPage: check ? resumeAt - 1 : resumeAt,
    maxPages: pages + (check ? 1 : 0),
  });
  if (!check) return walk;
  if (walk.items.length === 0 && walk.nextPage === resumeAt - 1) {
    if (walk.retryAfterMs) throw new DeferredError("the account rate limit stopped the custom hostnames", walk.retryAfterMs);
    return "not_started"; // nothing was read: the cursor stays where it was
  }
  if (walk.items[HOSTNAMES_PER_PAGE - 1]?.id !== position.hostnameAfter) {
    throw new PlatformError({
      kind: "malformed",
      operation: `GET ${path}`,
      message:
        `the custom hostnames moved while they were read across requests (a certificate changed, or hostnames were added or removed), ` +
        `so some may be missing or repeated: refresh again`,
    });
  }
  return { ...walk, items: walk.items.slice(HOSTNAMES_PER_PAGE) };
}
