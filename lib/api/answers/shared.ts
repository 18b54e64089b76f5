// Pieces the answer schemas share, and the compile-time check that ties a schema to its handler's type.
import { z } from "zod";

/**
 * true only when the schema's output and the handler's answer type have the same top-level fields: a field
 * added to (or removed from) an answer fails typecheck until its schema says the same. The fields' values
 * are checked at run time, on every answer of the integration tests (tests/integration/api-contract.ts).
 */
export type SameKeys<A, B> = [Exclude<keyof A, keyof B>, Exclude<keyof B, keyof A>] extends [never, never] ? true : false;

/** Continuation of an answer a budget or a rate limit cut short. */
export const continuation = {
  complete: z.boolean(),
  /** Continues the answer in the next request; absent once complete. */
  cursor: z.string().optional(),
  /** A rate limit stopped this part: continue after this many seconds. */
  retryAfterSeconds: z.number().optional(),
};

/** The published snapshot an answer came from (or that exists), lib/snapshots/read.ts. */
export const snapshotInfoSchema = z.strictObject({
  runId: z.string(),
  completedAt: z.string(),
  ageSeconds: z.number(),
  zoneCount: z.number().int(),
  refreshing: z.strictObject({ percent: z.number(), startedAt: z.string() }).nullable(),
});

export const estimateSchema = z.strictObject({ estimate: z.number(), lower: z.number(), upper: z.number(), sampleSize: z.number() });

/** An optional query field left out, and why (availableFields, maxNumberOfFields). */
export const omittedFieldSchema = z.strictObject({ dataset: z.string(), field: z.string(), reason: z.string() });

export const rateLimitNameSchema = z.enum(["account", "graphql"]);
