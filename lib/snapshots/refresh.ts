// One budget-sized step of a snapshot refresh: read the run's state, do as much of the account as this
// request's subrequests allow (listing, migration scan, certificate audit), store what it read as parts,
// save the state only if no other runner saved since (etag), and publish the snapshot atomically at the end.
import "server-only";
import type { CaaRecord } from "@/lib/certificates/caa";
import type { AccountZone } from "@/lib/certificates/hostname-caa";
import { cachedCaaRecords, MIN_CALLS_PER_ZONE } from "@/lib/certificates/inventory";
import { CALLS_PER_ZONE } from "@/lib/migration/scan-zone";
import type { PlatformClient } from "@/lib/platform/client";
import { listZonePages } from "@/lib/platform/zones";
import type { Bucket } from "@/lib/storage/bucket";
import { readJson, writeJson } from "@/lib/storage/json-objects";
import { meteredBucket } from "@/lib/storage/metered-bucket";
import { DRIFT_MIN_BUDGET, watchDriftFrom } from "@/lib/drift/refresh-work";
import { newDriftProgress } from "@/lib/drift/progress";
import { planRecords, previousOf, PRINT_CALLS, readPublished, shardOf, StepPrints, writeRecords } from "@/lib/snapshots/audit-changes";
import { auditZonesFrom } from "@/lib/snapshots/certificate-work";
import { readPart, writePart, zonesAt } from "@/lib/snapshots/parts";
import { newRun, percentDone, shouldStartRun } from "@/lib/snapshots/progress";
import { scanZones } from "@/lib/snapshots/scan-work";
import {
  manifestSchema,
  runStateSchema,
  snapshotKeys,
  zoneListPartSchema,
  type Manifest,
  type PartRef,
  type RunState,
} from "@/lib/snapshots/schema";

/** Subrequests kept for the writes after the work: a part, the state, and the manifest's read and put. */
const RESERVE = 4;
/** Publishing: the manifest read and written, the state and the step's change records written. */
const PUBLISH_CALLS = 4;
const LIST_PAGES_PER_PART = 10;

export interface RefreshOptions {
  account: string;
  accountId?: string;
  /** The first configured entry's key: drift watch of baselines that name no entry is its (lib/drift/refresh-work.ts). */
  firstEntry?: string;
  /** Start a new run even if the published snapshot is recent (a person pressed Refresh). */
  restart: boolean;
  refreshAfterMinutes: number;
  now?: () => Date;
}

export interface StepOutcome {
  /**
   * `worked`: progress saved; `published`: the snapshot is complete and live; `idle`: nothing to do; `waiting`: rate limit;
   * `conflict`: another runner saved first.
   */
  result: "worked" | "published" | "idle" | "waiting" | "conflict";
  runId: string;
  phase: RunState["phase"];
  percent: number;
  retryAfterSeconds?: number;
}

export async function refreshStep(platform: PlatformClient, rawBucket: Bucket, options: RefreshOptions): Promise<StepOutcome> {
  const now = options.now ?? (() => new Date());
  const bucket = meteredBucket(rawBucket, platform.scheduler);
  const keys = snapshotKeys(options.account);
  const stored = await readJson(bucket, keys.state, runStateSchema);
  let state = stored?.value ?? null;
  if (shouldStartRun(state, now(), options)) {
    state = newRun(crypto.randomUUID(), now());
    // The certificate audit is compared with the snapshot published when the run begins.
    state.previous = previousOf((await readPublished(bucket, keys.latest)).manifest);
  } else if (state!.phase === "published") return outcome("idle", state!);
  state = structuredClone(state!);
  if (state.resumeAfter && new Date(state.resumeAfter) > now()) {
    return { ...outcome("waiting", state), retryAfterSeconds: Math.ceil((new Date(state.resumeAfter).getTime() - now().getTime()) / 1000) };
  }
  delete state.resumeAfter;
  const work = platform.withScheduler(platform.scheduler.reserving(RESERVE));
  const prints = new StepPrints();
  const retryAfterMs = await advance(work, bucket, state, { ...options, now }, prints);
  const at = now();
  if (!(await prints.save(bucket, options.account, state, at))) return outcome("conflict", state);
  const records = planRecords(state, await prints.compare(bucket, state, at), at);
  if (retryAfterMs > 0) state.resumeAfter = new Date(now().getTime() + retryAfterMs).toISOString();
  state.steps++;
  state.updatedAt = now().toISOString();
  // Without the budget for publishing, the next step publishes.
  const finished =
    state.phase === "certificates" &&
    state.zoneCount !== undefined &&
    state.certificateZone >= state.zoneCount &&
    platform.scheduler.remainingBudget >= PUBLISH_CALLS;
  if (finished) {
    // The manifest first, on the etag read just before: of two runners finishing together one publishes.
    const current = await readPublished(bucket, keys.latest);
    if (current.manifest?.runId === state.runId) return publishedAlready(bucket, keys.state, state, stored?.etag);
    const manifest: Manifest = manifestSchema.parse({
      ...{ runId: state.runId, format: state.format, startedAt: state.startedAt, completedAt: state.updatedAt, zoneCount: state.zoneCount },
      ...{
        zoneParts: state.zoneParts,
        certificateParts: state.certificateParts,
        printShards: state.printShards,
        changes: state.changes ?? { keys: [], count: 0 },
      },
    });
    const published = await writeJson(bucket, keys.latest, manifest, {
      onlyIf: current.etag ? { etagMatches: current.etag } : { etagDoesNotMatch: "*" },
    });
    if (!published) return outcome("conflict", state);
    state.phase = "published";
    state.publishedAt = state.updatedAt;
  }
  const saved = await writeJson(bucket, keys.state, state, { onlyIf: stored ? { etagMatches: stored.etag } : { etagDoesNotMatch: "*" } });
  if (!saved) return outcome("conflict", state);
  // Only once the state naming them is saved: a runner that lost the race records nothing.
  await writeRecords(bucket, records, at);
  const result = finished ? "published" : outcome("worked", state).result;
  return { ...outcome(result, state), ...(retryAfterMs > 0 ? { retryAfterSeconds: Math.ceil(retryAfterMs / 1000) } : {}) };
}

/** Works through the phases while the budget allows; returns the rate-limit wait that stopped it, or 0. */
async function advance(
  work: PlatformClient,
  bucket: Bucket,
  state: RunState,
  options: RefreshOptions & { now: () => Date },
  prints: StepPrints,
): Promise<number> {
  const room = (unit: number) => work.scheduler.remainingBudget >= unit + 2;
  /** Stores this step's rows as the next part of `parts` (numbered by step, so parts sort in run order). */
  const appendPart = async (parts: PartRef[], kind: string, value: object, count: number) =>
    parts.push(await writePart(bucket, options.account, state.runId, kind, state.steps * 100 + parts.length, value, count));
  for (;;) {
    if (state.phase === "drift") {
      // Every zone with a baseline: its live entry point against what its review approved (lib/drift).
      const drift = state.drift ?? newDriftProgress();
      if (!drift.done && !room(DRIFT_MIN_BUDGET)) return 0;
      const step = await watchDriftFrom(work, bucket, drift, state.runId, options.now, options.firstEntry);
      state.drift = step.progress;
      if (step.progress.done) state.phase = "list";
      else if (step.retryAfterMs > 0 || step.progress.checked === drift.checked) return step.retryAfterMs;
    } else if (state.phase === "list") {
      if (!room(1)) return 0;
      // Ten pages (500 zones) per part, and a subrequest kept back to write it.
      const lister = work.withScheduler(work.scheduler.reserving(1));
      const page = await listZonePages(lister, state.listPage, options.accountId, LIST_PAGES_PER_PART);
      if (page.zones.length > 0) {
        await appendPart(state.zoneListParts, "zone-list", { zones: page.zones }, page.zones.length);
      }
      const listed = state.zoneListParts.reduce((sum, p) => sum + p.count, 0);
      state.zoneCount = page.nextPage === undefined ? listed : (page.totalCount ?? listed);
      if (page.nextPage === undefined) state.phase = "scan";
      else {
        const progressed = page.nextPage !== state.listPage;
        state.listPage = page.nextPage;
        if (page.retryAfterMs || !progressed) return page.retryAfterMs ?? 0;
      }
    } else if (state.phase === "scan") {
      if (state.scanOffset >= state.zoneCount!) {
        state.phase = "certificates";
        continue;
      }
      if (!room(CALLS_PER_ZONE + 1)) return 0;
      const part = (await zonesAt(bucket, state.zoneListParts, state.scanOffset))!;
      const scan = await scanZones(work, part.zones.slice(state.scanOffset - part.from));
      if (scan.rows.length > 0) {
        await appendPart(state.zoneParts, "zones", { zones: scan.rows }, scan.rows.length);
        state.scanOffset += scan.rows.length;
      }
      if (scan.retryAfterMs > 0 || scan.rows.length === 0) return scan.retryAfterMs;
    } else if (state.phase === "certificates") {
      if (state.certificateZone >= state.zoneCount!) return 0;
      if (!room(MIN_CALLS_PER_ZONE + 1 + PRINT_CALLS)) return 0;
      const part = (await zonesAt(bucket, state.zoneListParts, state.certificateZone))!;
      // One zone-list part per step: the step's print goes to that part's shard (audit-changes.ts).
      if (prints.part && prints.part.index !== part.part) return 0;
      const audited = work.withScheduler(work.scheduler.reserving(PRINT_CALLS));
      const start = { zone: state.certificateZone, hostnamePage: state.hostnamePage, hostnameAfter: state.hostnameAfter };
      const audit = await auditZonesFrom(audited, part.zones, start, part.from, stepCaaReads(audited, bucket, state));
      const moved = audit.next.zone !== start.zone || audit.next.hostnamePage !== start.hostnamePage;
      if (audit.certificates.length + audit.caa.length + audit.zones.length > 0) {
        const value = { certificates: audit.certificates, caa: audit.caa, zones: audit.zones };
        await appendPart(state.certificateParts, "certificates", value, audit.zones.length);
      }
      prints.add(shardOf(part.part, part.zones), audit.certificates, audit.zones);
      state.certificateZone = audit.next.zone;
      state.hostnamePage = audit.next.hostnamePage;
      state.hostnameAfter = audit.next.hostnameAfter;
      if (audit.retryAfterMs > 0 || !moved) return audit.retryAfterMs;
    } else {
      return 0;
    }
  }
}

/** The account's zones from the run's listing parts (bucket reads, no upstream call) and CAA records, once per step. */
function stepCaaReads(platform: PlatformClient, bucket: Bucket, state: RunState) {
  let zones: Promise<AccountZone[]> | undefined;
  const caaCache = new Map<string, Promise<CaaRecord[]>>();
  const readZones = async () => {
    const parts = await Promise.all(state.zoneListParts.map((part) => readPart(bucket, part.key, zoneListPartSchema)));
    return parts.flatMap((part) => part.zones.map((z) => ({ id: String(z.id), name: String(z.name) })));
  };
  return { caaCache, zones: () => (zones ??= readZones()), records: (zoneId: string) => cachedCaaRecords(platform, zoneId, caaCache) };
}

/** This run's manifest is live (a step published it, then failed to save the state): only the state is left to save. */
async function publishedAlready(bucket: Bucket, key: string, state: RunState, etag: string | undefined): Promise<StepOutcome> {
  state.phase = "published";
  state.publishedAt = state.updatedAt;
  const saved = await writeJson(bucket, key, state, { onlyIf: etag ? { etagMatches: etag } : { etagDoesNotMatch: "*" } });
  return outcome(saved ? "published" : "conflict", state);
}

function outcome(result: StepOutcome["result"], state: RunState): StepOutcome {
  return { result, runId: state.runId, phase: state.phase, percent: percentDone(state) };
}
