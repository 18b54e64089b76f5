// GET /api/certificates/impact without a zone: every zone with affected certificates, from the account's
// certificate audit (its cached scan walked from the start: chunks already audited cost nothing, the rest is
// audited as far as the budget goes), zones with an action-required certificate first, each zone's read
// within the request's budget (runWithinBudget). A cursor continues; a zone whose read failed is marked so.
import "server-only";
import { z } from "zod";
import { auditCertificates } from "@/lib/certificates/audit";
import { affectedHostRequests } from "@/lib/certificates/impact/affected-hosts";
import { mergeZoneImpacts } from "@/lib/certificates/impact/merge-impact";
import { readZoneImpact, type ZoneImpact } from "@/lib/certificates/impact/read-impact";
import { DeferredError } from "@/lib/errors/platform-errors";
import { PreflightError } from "@/lib/errors/preflight-error";
import { finishedResults, runWithinBudget, type PoolRun } from "@/lib/platform/budget-pool";
import type { PlatformClient } from "@/lib/platform/client";
import { decodeCursor, encodeCursor } from "@/lib/platform/cursor";

const OPERATION = "certificate-impact";
/** The audit's scan the positions refer to (its start) and the next zone chunk to read in its order. */
const positionShape = { scan: z.string().max(40), next: z.number().int().min(0) };
/** A zone's settings read and at least one range: its least (one the budget cuts short is redone whole). */
const LEAST_CALLS_PER_ZONE = 2;

export interface AccountZoneImpact {
  zoneId: string;
  zoneName?: string;
  status: "read" | "failed";
  reason?: string;
  impact?: ZoneImpact;
}

export interface AccountImpact {
  /** Zones whose affected hosts were read (or failed) in this answer, action-required first. */
  zones: AccountZoneImpact[];
  /** Hosts asked (`host`) that no affected certificate of an audited zone covers. */
  notAffected: string[];
  /** Whether the account's certificate audit is whole (the zone order is final only then). */
  auditComplete: boolean;
  /** Zone chunks read up to this answer (earlier answers included), of those the audit found so far. */
  progress: { done: number; total: number };
  complete: boolean;
  cursor?: string;
  retryAfterSeconds?: number;
}

type Chunk = { zoneId: string; hosts: string[] };
type Read = { chunk: Chunk; impact?: ZoneImpact; reason?: string };

export async function readAccountImpact(
  platform: PlatformClient,
  options: { windowSeconds: number; hosts?: readonly string[]; cursor?: string; accountId?: string },
): Promise<AccountImpact> {
  const position = options.cursor ? decodeCursor(OPERATION, positionShape, options.cursor) : undefined;
  const before = platform.scheduler.remainingBudget;
  const audit = await auditCertificates(platform, { accountId: options.accountId });
  // A zone runs alone only on a budget the audit did not spend: it is never cut short for the audit's sake.
  const alone = platform.scheduler.remainingBudget === before;
  const asked = options.hosts?.length ? new Set(options.hosts.map((h) => h.toLowerCase())) : undefined;
  const chunks = affectedHostRequests(audit.certificates)
    .map((c) => ({ zoneId: c.zoneId, hosts: asked ? c.hosts.filter((h) => asked.has(h)) : c.hosts }))
    .filter((c) => c.hosts.length > 0);
  // A scan newer than the cursor's orders the zones anew: its reading starts over.
  const start = position && position.scan === audit.fetchedAt && audit.complete ? Math.min(position.next, chunks.length) : 0;
  const names = new Map(audit.zones.map((z) => [z.zoneId, z.zoneName]));
  let pool: PoolRun<Read> = { results: [], end: 0, retryAfterMs: 0 };
  // The order is final once the audit is whole: until then only the audit goes on (its rows cost this budget).
  if (audit.complete) {
    pool = await runWithinBudget(
      platform.scheduler,
      chunks.slice(start),
      {
        concurrency: 2,
        calls: LEAST_CALLS_PER_ZONE,
        firstAlone: alone,
        tooBig: (chunk, error): Read => ({ chunk, reason: `needs more than the ${error.budget} subrequests one request may make` }),
      },
      (chunk, index) => readChunk(platform, chunk, options.windowSeconds, alone && index === 0),
    );
  }
  const reads = finishedResults(pool);
  const done = start + pool.end;
  const complete = audit.complete && done >= chunks.length;
  const failedAudit = audit.zones.filter((z) => z.status === "failed");
  const zones = [
    ...(audit.complete && start === 0
      ? failedAudit.map((z) => ({ zoneId: z.zoneId, zoneName: z.zoneName, status: "failed" as const, reason: auditReason(z.reason) }))
      : []),
    ...byZone(reads, names),
  ];
  const covered = new Set(chunks.flatMap((c) => c.hosts));
  const retryMs = Math.max(pool.retryAfterMs, (audit.retryAfterSeconds ?? 0) * 1000);
  return {
    zones,
    notAffected: asked && audit.complete ? [...asked].filter((h) => !covered.has(h)) : [],
    auditComplete: audit.complete,
    progress: { done: Math.min(done, chunks.length), total: chunks.length },
    complete,
    ...(complete ? {} : { cursor: encodeCursor(OPERATION, { scan: audit.fetchedAt, next: audit.complete ? done : 0 }) }),
    ...(!complete && retryMs > 0 ? { retryAfterSeconds: Math.ceil(retryMs / 1000) } : {}),
  };
}

const auditReason = (reason?: string) => `its certificate audit failed${reason ? `: ${reason}` : ""}`;

/**
 * One chunk's read. A limit is the pool's: the chunk is redone whole next request, unless it ran alone (then
 * its partial read is kept and says how much it covers, so every request makes progress). Any other platform
 * failure (a plan without the dataset, a window older than it keeps) marks the zone failed.
 */
async function readChunk(platform: PlatformClient, chunk: Chunk, windowSeconds: number, alone: boolean): Promise<Read> {
  let impact: ZoneImpact;
  try {
    impact = await readZoneImpact(platform, chunk.zoneId, chunk.hosts, windowSeconds);
  } catch (error) {
    if (error instanceof DeferredError || !(error instanceof PreflightError)) throw error;
    return { chunk, reason: error.message };
  }
  if (impact.retryAfterSeconds !== undefined && !alone)
    throw new DeferredError("the zone's read was cut short", impact.retryAfterSeconds * 1000);
  return { chunk, impact };
}

/** Consecutive chunks of one zone as one entry (a zone with more than MAX_HOSTS hosts reads in several). */
function byZone(reads: readonly Read[], names: ReadonlyMap<string, string>): AccountZoneImpact[] {
  const out: AccountZoneImpact[] = [];
  for (let i = 0; i < reads.length;) {
    const zoneId = reads[i]!.chunk.zoneId;
    let j = i;
    while (j < reads.length && reads[j]!.chunk.zoneId === zoneId) j++;
    const group = reads.slice(i, j);
    const failed = group.find((r) => r.reason !== undefined);
    const zoneName = names.get(zoneId);
    if (failed) out.push({ zoneId, ...(zoneName ? { zoneName } : {}), status: "failed", reason: failed.reason! });
    else
      out.push({
        zoneId,
        ...(zoneName ? { zoneName } : {}),
        status: "read",
        impact: mergeZoneImpacts(
          zoneId,
          group.map((r) => r.impact!),
        )!,
      });
    i = j;
  }
  return out;
}
