// One zone's comparison over a window: the zone's dataset limits first (cached), then the window's events
// read (or continued, or taken from the window cache), joined by request and summarized. An incomplete read
// answers what it has with a cursor.
import "server-only";
import type { RowAccount } from "@/lib/accounts/row-account";
import type { PlatformClient } from "@/lib/platform/client";
import { NotFoundError } from "@/lib/errors/not-found-error";
import { DeferredError } from "@/lib/errors/platform-errors";
import { GraphqlError } from "@/lib/platform/graphql";
import { checkIdentifier } from "@/lib/platform/paths";
import type { ZoneDatasetLimits } from "@/lib/validation-mode/dataset-limits";
import type { ComparedRequest } from "@/lib/validation-mode/join";
import { queryFields, type QueryFields } from "@/lib/validation-mode/query-fields";
import { limitsCache as sharedLimits, type LimitsCache } from "@/lib/validation-mode/limits-cache";
import { readCursor, readWindow, type ReadOptions, type WindowReadResult } from "@/lib/validation-mode/read-within-budget";
import { summarize, type ValidationSummary } from "@/lib/validation-mode/summary";
import { requestsSoFar, type WindowRead } from "@/lib/validation-mode/window-read-state";
import { requireEnabled, windowWithinReach } from "@/lib/validation-mode/window-limits";
import type { TimeWindow } from "@/lib/validation-mode/window";

/** The limits the read kept to, as the zone's settings gave them. */
export interface DatasetLimitsAnswer {
  maxDurationSeconds: number;
  notOlderThanSeconds: number;
  maxPageSize: number;
  /** Settings fields the platform did not answer, taken from the documented example. */
  assumed: string[];
  /** Fields one query may name (maxNumberOfFields; the smaller of the two datasets'). */
  maxNumberOfFields: number;
  /** The fields each query selected, and the optional ones left out with why (availableFields, maxNumberOfFields). */
  fields: QueryFields;
}

/** The documented summary plus how far the read got: `complete`, and else `cursor` (and a wait). */
/** `datasetLimits` is null while the zone's settings were not read (a rate limit deferred them): never zeros. */
export type ValidationAnswer = ValidationSummary & Omit<WindowReadResult, "read"> & { datasetLimits: DatasetLimitsAnswer | null };

/** What GET /api/zones/{id}/validation answers: the comparison, naming the zone's account (lib/accounts/zone-account.ts). */
export type ZoneValidationAnswer = ValidationAnswer & { account: RowAccount };

export interface ZoneComparison {
  requests: ComparedRequest[];
  answer: ValidationAnswer;
}

export interface CompareOptions extends Omit<ReadOptions, "limits"> {
  /** The caller named `since` (else the default window is moved within the dataset's reach). */
  sinceGiven?: boolean;
  limitsCache?: LimitsCache;
  now?: number;
}

/** A complete read's summary is made once, however often the page (or a second viewer) asks for it. */
const summaries = new WeakMap<WindowRead, ValidationSummary>();

/** The analytics API says an unknown zone "does not exist": that is a 404, not the platform failing. */
function notFound(zoneId: string) {
  return (error: unknown): never => {
    if (error instanceof GraphqlError && error.graphqlErrors.some((e) => /does not exist/.test(e.message)))
      throw new NotFoundError(`There is no zone ${zoneId} in the account`);
    throw error;
  };
}

export async function compareZone(
  platform: PlatformClient,
  zoneId: string,
  window: TimeWindow,
  options: CompareOptions = {},
): Promise<ZoneComparison> {
  checkIdentifier("id", zoneId);
  const { sinceGiven = true, limitsCache = sharedLimits, now = Date.now(), ...readOptions } = options;
  // Bad input is a 400 before any upstream read (an unknown zone's settings would answer 404 first).
  if (readOptions.cursor) readCursor(zoneId, readOptions.cursor);
  // A rate limit that defers the settings read stops this request as it would stop a slice: with a cursor.
  const limits: ZoneDatasetLimits | DeferredError = await limitsCache.get(platform, zoneId).catch((error: unknown) => {
    if (error instanceof DeferredError) return error;
    return notFound(zoneId)(error);
  });
  let reachable = window;
  if (!(limits instanceof DeferredError)) {
    requireEnabled(zoneId, limits);
    queryFields(limits); // a field the join needs and cannot send is a 409 before any read
    reachable = windowWithinReach(window, limits, now, sinceGiven);
  }
  const stopped = limits instanceof DeferredError ? { deferred: limits } : { limits };
  const { read, ...progress } = await readWindow(platform, zoneId, reachable, { ...readOptions, ...stopped }).catch(notFound(zoneId));
  const { requests, events, estimatedEvents } = requestsSoFar(read);
  let summary = summaries.get(read);
  if (!summary) {
    summary = summarize(zoneId, read.window, requests, events, progress.progress.slices, estimatedEvents);
    if (progress.complete) summaries.set(read, summary);
  }
  const kept = limits instanceof DeferredError ? undefined : limits;
  const datasetLimits: DatasetLimitsAnswer | null = kept
    ? {
        maxDurationSeconds: Math.min(kept.events.maxDurationSeconds, kept.groups.maxDurationSeconds),
        notOlderThanSeconds: Math.min(kept.events.notOlderThanSeconds, kept.groups.notOlderThanSeconds),
        maxPageSize: kept.events.maxPageSize,
        assumed: kept.assumed,
        maxNumberOfFields: Math.min(kept.events.maxNumberOfFields, kept.groups.maxNumberOfFields),
        fields: queryFields(kept),
      }
    : null;
  return { requests, answer: { ...summary, ...progress, datasetLimits } };
}
