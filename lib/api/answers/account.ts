// The other operations' answers: health, usage, invitations, snapshots, the demo session, changes and traces.
import { z } from "zod";
import { changeRecordSchema } from "@/lib/changes/schema";
import type { ChangePages } from "@/lib/changes/pages";
import { traceSchema } from "@/lib/gateway/trace-schema";
import type { TraceResult } from "@/lib/gateway/fetch-traces";
import type { RequestUsage } from "@/lib/http/usage-log";
import type { RateLimitUse } from "@/lib/platform/rate-limiter";
import type { StepOutcome } from "@/lib/snapshots/refresh";
import type { AccountStep } from "@/lib/snapshots/account-steps";
import type { AccountSnapshot } from "@/lib/snapshots/account-snapshots";
import { decodedSchema } from "@/lib/api/answers/decode";
import { rateLimitNameSchema, snapshotInfoSchema, type SameKeys } from "@/lib/api/answers/shared";

export const healthSchema = z.strictObject({ ok: z.literal(true), mode: z.enum(["sandbox", "live"]) });

const requestUsageSchema = z.strictObject({
  at: z.string(),
  operation: z.string(),
  status: z.number().int(),
  subrequests: z.number().int(),
  budget: z.number().int(),
  peakConnections: z.number().int(),
  retries: z.number().int(),
});
const _usage: SameKeys<z.output<typeof requestUsageSchema>, RequestUsage> = true;

const rateLimitUseSchema = z.strictObject({
  limit: rateLimitNameSchema,
  requests: z.number(),
  windowSeconds: z.number(),
  available: z.number(),
  pausedUntil: z.string().nullable(),
  consumers: z.array(z.strictObject({ consumer: z.string(), calls: z.number() })),
  keeping: z.enum(["shared", "per isolate", "per process"]).optional(),
  unreachable: z.boolean().optional(),
});
const _limits: SameKeys<z.output<typeof rateLimitUseSchema>, RateLimitUse> = true;

export const usageSchema = z.strictObject({ requests: z.array(requestUsageSchema), rateLimits: z.array(rateLimitUseSchema) });

/** An invitation as the platform lists it (GET /user/invites, both shapes of `roles`), with its role names. */
export const invitesSchema = z.strictObject({
  invites: z.array(
    z.looseObject({
      id: z.string().optional(),
      organization_id: z.string(),
      organization_name: z.string().optional(),
      status: z.string().optional(),
      roles: z.array(z.union([z.string(), z.looseObject({ name: z.string() })])).optional(),
      roleNames: z.array(z.string()),
    }),
  ),
});

const snapshotStatus = {
  snapshot: snapshotInfoSchema.nullable(),
  refreshing: z.strictObject({ percent: z.number(), startedAt: z.string() }).nullable(),
  /** Whether the snapshot is fresh enough to answer the listings. */
  used: z.boolean(),
};
/** One account's snapshot: its entry's (the accounts one credential reaches share it). */
const accountSnapshotSchema = z.strictObject({ id: z.string(), name: z.string(), entry: z.string(), ...snapshotStatus });
const _accountSnapshot: SameKeys<z.output<typeof accountSnapshotSchema>, AccountSnapshot> = true;

export const snapshotsSchema = z.strictObject({
  /** The first account's snapshot (the one `account` asks for), as before several accounts. */
  ...snapshotStatus,
  /** Each account's, in configuration order (only the one `account` asks for). */
  accounts: z.array(accountSnapshotSchema),
});

export const snapshotsDiscardedSchema = z.strictObject({ discarded: z.literal(true) });

const stepFields = {
  result: z.enum(["worked", "published", "idle", "waiting", "conflict"]),
  runId: z.string(),
  phase: z.enum(["drift", "list", "scan", "certificates", "published"]),
  percent: z.number(),
  retryAfterSeconds: z.number().optional(),
};
const accountStepSchema = z.strictObject({ ...stepFields, entry: z.string() });
const _accountStep: SameKeys<z.output<typeof accountStepSchema>, AccountStep> = true;
export const refreshStepSchema = z.strictObject({
  ...stepFields,
  /** With several accounts: what each account's step did (the fields above are the first account's run). */
  accounts: z.array(accountStepSchema).optional(),
});
const _step: SameKeys<z.output<typeof refreshStepSchema>, StepOutcome & { accounts?: unknown }> = true;

export const demoUserSchema = z.strictObject({ user: z.string(), role: z.enum(["viewer", "planner", "approver"]) });

const changePagesSchema = z.strictObject({
  zone: z.string(),
  review: z.string().optional(),
  diff: z.string().optional(),
  certificates: z.string().optional(),
});
const _pages: SameKeys<z.output<typeof changePagesSchema>, ChangePages> = true;

export const changesSchema = z.strictObject({
  changes: z.array(changeRecordSchema.extend({ pages: changePagesSchema }).strict()),
  /** The `since` asked, as an ISO time (null: none). */
  since: z.string().nullable(),
  complete: z.boolean(),
  cursor: z.string().optional(),
});

export const tracesSchema = z.strictObject({
  /** The node's records as it sent them (checked for the fields Preflight reads); `decoded` only when asked with `decode: true`. */
  traces: z.array(traceSchema.extend({ decoded: decodedSchema.nullable().optional() })),
  windows: z.number().int(),
  complete: z.boolean(),
  fromBlock: z.number().int(),
  toBlock: z.number().int(),
  nextFromBlock: z.number().int().optional(),
  cachedWindows: z.number().int(),
});
const _traces: SameKeys<z.output<typeof tracesSchema>, TraceResult> = true;

/** `POST /api/traces`'s progress lines (`Accept: application/x-ndjson`). */
export const tracesProgressSchema = z.strictObject({ windowsDone: z.number().int(), windows: z.number().int() });
