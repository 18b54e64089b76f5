// What a review kind brings to a review's life, so plan, execution and the restart check ask the kind
// instead of knowing every kind themselves: its plan (with its refusals), the reads that tell whether
// one of its calls took effect, and the baseline its execution sets.
import type { Baseline } from "@/lib/drift/baseline";
import type { PlatformClient } from "@/lib/platform/client";
import type { Difference, Review, ReviewCall, ReviewKind, ReviewTarget } from "@/lib/reviews/schema";
import type { Bucket } from "@/lib/storage/bucket";

/** What a review freezes when it is created, and reads again before it executes. */
export interface ReviewPlan {
  title: string;
  evidence: unknown;
  calls: ReviewCall[];
  confirmText?: string;
}

export interface PlanContext {
  platform: PlatformClient;
  /** The reviews' bucket, where an accepted drift's baseline is read. */
  bucket?: Bucket;
  /** The account the zone listing is filtered by (CLOUDFLARE_ACCOUNT_ID), as every other listing of Preflight is. */
  accountId: string | undefined;
}

/** `unknown`: the read that would tell is refused as the retired APIs refuse (404, 410, 403) or unreadable: never resent. */
export type CallEffect = "applied" | "not_applied" | "unknown";

/** The configuration an executed review approved, for the zone's drift baseline (lib/drift/baseline.ts). */
export type ApprovedConfiguration = Pick<Baseline, "zoneId" | "zoneName" | "configuration" | "entrypoint">;

export interface ReviewKindHandler<K extends ReviewKind = ReviewKind> {
  /** Reads the account and builds the calls; throws the kind's refusals (InputError, ConflictError, NotFoundError). */
  plan(context: PlanContext, target: ReviewTarget & { kind: K }): Promise<ReviewPlan>;
  /** After a restart: whether `call` took effect, or undefined when the call is none this kind plans (it throws when it cannot tell). */
  effect(platform: PlatformClient, call: ReviewCall): Promise<CallEffect> | undefined;
  /** What the executed review approved, to become the zone's baseline; absent for kinds that set none. */
  approved?(review: Review): ApprovedConfiguration | undefined;
  /** The drift refusal in the kind's words when the generic one says too little; undefined keeps the generic. */
  driftWords?(before: unknown, after: unknown, differences: Difference[]): string | undefined;
}

/** The table: every kind has its handler, checked by the compiler. */
export type ReviewKindTable = { [K in ReviewKind]: ReviewKindHandler<K> };
