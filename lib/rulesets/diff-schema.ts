// The ruleset diff as stored in a review's frozen evidence, validated when read back: a stored diff that
// does not parse is treated as not recorded (computed again from the frozen rulesets), never shown half.
import { z } from "zod";
import type { RulesetChangeKind, RulesetDiff } from "@/lib/rulesets/diff";

const ruleRefSchema = z.object({
  label: z.string(),
  ref: z.string().optional(),
  id: z.string().optional(),
  before: z.number().int().min(0).optional(),
  after: z.number().int().min(0).optional(),
  matchedBy: z.enum(["ref", "id", "expression", "ruleset"]).optional(),
});

// Kinds a later Preflight may add are kept as strings: the words are what the reviewer read.
const changeSchema = z.object({
  kind: z.string().transform((kind) => kind as RulesetChangeKind),
  words: z.string(),
  rule: ruleRefSchema.optional(),
  target: z.string().optional(),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
});

export const rulesetDiffSchema: z.ZodType<RulesetDiff, unknown> = z.object({
  changes: z.array(changeSchema),
  moved: z.array(z.object({ rule: ruleRefSchema, words: z.string() })),
});
