// The zone operations' answers: the account's zones, one zone's migration detail and drift, and validation mode.
import { z } from "zod";
import type { DriftFlag } from "@/lib/drift/flags";
import { driftWatchSchema } from "@/lib/drift/watch";
import type { ZoneDrift } from "@/lib/drift/zone-drift";
import { checkSchema, overrideSchema } from "@/lib/migration/evidence";
import type { ZoneMigrationDetail } from "@/lib/migration/migration-changes";
import type { AccountScan } from "@/lib/migration/scan-account";
import { rulesetDiffSchema } from "@/lib/rulesets/diff-schema";
import { rulesetSchema } from "@/lib/rulesets/ruleset";
import { migrationRowSchema } from "@/lib/snapshots/row-schemas";
import { REQUEST_CLASSES } from "@/lib/validation-mode/join";
import type { ZoneValidationAnswer } from "@/lib/validation-mode/compare-zone";
import { accountCoverageSchema } from "@/lib/api/answers/accounts";
import { continuation, omittedFieldSchema, rateLimitNameSchema, snapshotInfoSchema, type SameKeys } from "@/lib/api/answers/shared";

/** The account a row or answer is of (lib/accounts/row-account.ts). */
const rowAccountSchema = z.strictObject({ id: z.string(), name: z.string() });

const driftFlagSchema = z.strictObject({
  zoneId: z.string(),
  zoneName: z.string(),
  /** The zone's account; absent only when no review or listing named it (a watch from before flags named it). */
  account: rowAccountSchema.optional(),
  status: z.enum(["drifted", "check_failed"]),
  since: z.string().optional(),
  checkedAt: z.string(),
  reviewId: z.string(),
  changeCount: z.number().int(),
  summary: z.string(),
  failure: z.string().optional(),
});
const _flag: SameKeys<z.output<typeof driftFlagSchema>, DriftFlag> = true;

export const zonesAnswerSchema = z.strictObject({
  zones: z.array(migrationRowSchema),
  fetchedAt: z.string(),
  ...continuation,
  totalCount: z.number().int().optional(),
  unreadableZones: z.number().int().optional(),
  accounts: z.array(accountCoverageSchema).optional(),
  /** The snapshot answered (or, on a live answer, the one that exists); absent on a live answer asked for. */
  snapshot: snapshotInfoSchema.nullable().optional(),
  /** On the first answer: the zones drift watch flags (null: they could not be read). */
  drift: z.array(driftFlagSchema).nullable().optional(),
});
const _zones: SameKeys<z.output<typeof zonesAnswerSchema>, AccountScan & { snapshot?: unknown; drift?: unknown }> = true;

const plannedCall = z.looseObject({ method: z.string(), path: z.string() });

export const migrationDetailSchema = z.strictObject({
  ...migrationRowSchema.shape,
  check: checkSchema.nullable(),
  migrationStatus: z.looseObject({}).nullable(),
  lostOverrideList: z.array(z.looseObject({})).nullable(),
  uriOverrides: z.array(overrideSchema.loose()).nullable(),
  previousApi: z.looseObject({ refusals: z.array(z.looseObject({})), unknown: z.array(z.string()) }).nullable(),
  paranoiaExplanation: z.string(),
  proposedConfig: z
    .strictObject({
      raw: rulesetSchema,
      rules: z.array(z.looseObject({ index: z.number().int(), action: z.string(), expression: z.string() })),
      deploys: z.looseObject({}).nullable(),
      migratedSettings: z.array(z.looseObject({ index: z.number().int(), action: z.string() })),
    })
    .nullable(),
  procedure: z.array(
    z.strictObject({
      title: z.string(),
      why: z.string(),
      call: plannedCall,
      status: z.enum(["done", "next", "later", "optional", "skipped"]),
    }),
  ),
  migrationChanges: z
    .discriminatedUnion("state", [
      z.strictObject({ state: z.literal("read"), entrypoint: z.string(), diff: rulesetDiffSchema }),
      z.strictObject({ state: z.literal("unreadable"), reason: z.string() }),
    ])
    .nullable(),
});
const _detail: SameKeys<z.output<typeof migrationDetailSchema>, ZoneMigrationDetail> = true;

export const zoneDriftSchema = z.strictObject({
  zoneId: z.string(),
  baseline: z
    .strictObject({
      reviewId: z.string(),
      reviewKind: z.string(),
      account: rowAccountSchema.optional(),
      at: z.string(),
      approvedBy: z.string().optional(),
      executedBy: z.string().optional(),
      version: z.string().nullable(),
      ruleCount: z.number().int(),
    })
    .nullable(),
  live: z.strictObject({ id: z.string(), version: z.string(), lastUpdated: z.string(), ruleCount: z.number().int() }).nullable(),
  changes: z.array(z.strictObject({ kind: z.string(), words: z.string() })).nullable(),
  unreadable: z.string().optional(),
  watch: driftWatchSchema.strict().nullable(),
  readAt: z.string(),
});
const _drift: SameKeys<z.output<typeof zoneDriftSchema>, ZoneDrift> = true;

const requestClass = z.enum(REQUEST_CLASSES);
const ranked = z.strictObject({ key: z.string(), requests: z.number().int() });
const perClass = <T extends z.ZodType>(schema: T) =>
  z.strictObject(Object.fromEntries(REQUEST_CLASSES.map((c) => [c, schema])) as Record<(typeof REQUEST_CLASSES)[number], T>);
const classTotals = {
  both: z.number(),
  newOnly: z.number(),
  oldOnly: z.number(),
  bothSameAction: z.number(),
  bothDifferentAction: z.number(),
  requests: z.number(),
  events: z.number(),
};
const timeWindow = z.strictObject({ since: z.string(), until: z.string() });
const readProgress = z.strictObject({ slicesDone: z.number().int(), slices: z.number().int(), events: z.number().int() });
/** How far the read got: `complete`, else `cursor` (and `retryAfterSeconds`, `rateLimit`: which limit waits). */
const readState = { ...continuation, rateLimit: rateLimitNameSchema.optional(), progress: readProgress };

export const validationAnswerSchema = z.strictObject({
  zoneId: z.string(),
  /** The zone's account. */
  account: rowAccountSchema,
  window: timeWindow,
  totals: z.strictObject(classTotals),
  estimated: z.strictObject({ ...classTotals, nowBlocked: z.number(), nowAllowed: z.number() }),
  sampling: z.strictObject({
    sampled: z.boolean(),
    maxInterval: z.number(),
    sampledRequests: z.number().int(),
    unknownIntervals: z.number().int(),
    note: z.string().optional(),
  }),
  byAction: z.array(
    z.strictObject({
      class: requestClass,
      oldAction: z.string().nullable(),
      newAction: z.string().nullable(),
      requests: z.number().int(),
      estimatedRequests: z.number(),
    }),
  ),
  topRules: perClass(z.array(ranked.extend({ side: z.enum(["old", "new"]) }))),
  topHosts: perClass(z.array(ranked)),
  topPaths: perClass(z.array(ranked)),
  series: z.array(z.strictObject({ start: z.string(), ...Object.fromEntries(REQUEST_CLASSES.map((c) => [c, z.number().int()])) })),
  seriesBucketSeconds: z.number(),
  decision: z.strictObject({ nowBlocked: z.number(), nowAllowed: z.number(), disagreementRate: z.number(), summary: z.string() }),
  slices: z.number().int(),
  ...readState,
  datasetLimits: z
    .strictObject({
      maxDurationSeconds: z.number(),
      notOlderThanSeconds: z.number(),
      maxPageSize: z.number(),
      assumed: z.array(z.string()),
      maxNumberOfFields: z.number(),
      fields: z.strictObject({ events: z.array(z.string()), groups: z.array(z.string()), omitted: z.array(omittedFieldSchema) }),
    })
    .nullable(),
});
const _validation: SameKeys<z.output<typeof validationAnswerSchema>, ZoneValidationAnswer> = true;

const comparedRequestSchema = z.strictObject({
  rayName: z.string(),
  datetime: z.string(),
  class: requestClass,
  oldAction: z.string().nullable(),
  oldRuleId: z.string().nullable(),
  oldEvents: z.number().int(),
  newAction: z.string().nullable(),
  newRuleId: z.string().nullable(),
  newEvents: z.number().int(),
  host: z.string(),
  path: z.string(),
  country: z.string(),
  clientIP: z.string(),
  userAgent: z.string(),
  sampleInterval: z.number().nullable(),
});

export const validationRequestsSchema = z.strictObject({
  /** The zone's account. */
  account: rowAccountSchema,
  window: timeWindow,
  /** The filters applied, as read from the query. */
  filter: z.strictObject({
    class: z.enum(["both", "newOnly", "oldOnly", "bothSameAction", "bothDifferentAction"]).optional(),
    action: z.string().optional(),
    rule: z.string().optional(),
    host: z.string().optional(),
    path: z.string().optional(),
    country: z.string().optional(),
  }),
  /** Compared requests of the window read so far, before the filters. */
  total: z.number().int(),
  requests: z.array(comparedRequestSchema),
  ...readState,
});

/** `GET /api/zones/{id}/validation`'s progress lines (`Accept: application/x-ndjson`). */
export const validationProgressSchema = readProgress;
