// The review operations' answers: a review as stored (lib/reviews/schema.ts), its detail, the listing.
import { z } from "zod";
import { auditEntrySchema, commentSchema, reviewSchema, REVIEW_KINDS, REVIEW_STATES, type ReviewSummary } from "@/lib/reviews/schema";
import { rulesetDiffSchema } from "@/lib/rulesets/diff-schema";
import type { SameKeys } from "@/lib/api/answers/shared";

/** A review as every step answers it (create, submit, approve, reject, execute). */
export const reviewAnswerSchema = reviewSchema.strict();

export const reviewDetailSchema = reviewSchema
  .extend({
    comments: z.array(commentSchema.strict()),
    audit: z.array(auditEntrySchema.strict()),
    /** Migration steps: the ruleset diff the reviewer approves (null for other kinds). */
    approvedRulesetDiff: z
      .discriminatedUnion("state", [
        z.strictObject({ state: z.literal("recorded"), diff: rulesetDiffSchema }),
        z.strictObject({ state: z.literal("computed"), diff: rulesetDiffSchema, note: z.string() }),
        z.strictObject({ state: z.literal("unavailable"), note: z.string() }),
      ])
      .nullable(),
  })
  .strict();

const reviewSummarySchema = z.strictObject({
  id: z.string(),
  kind: z.enum(REVIEW_KINDS),
  state: z.enum(REVIEW_STATES),
  author: z.string(),
  title: z.string(),
  createdAt: z.string(),
  account: z.strictObject({ id: z.string(), name: z.string() }).optional(),
});
const _summary: SameKeys<z.output<typeof reviewSummarySchema>, ReviewSummary> = true;

export const reviewListSchema = z.strictObject({ reviews: z.array(reviewSummarySchema) });

export const okSchema = z.strictObject({ ok: z.literal(true) });
