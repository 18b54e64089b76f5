// The baseline an executed review sets, from the review alone: for a migration step the entry point PUT's
// body (what the approver saw) and the entry point the platform answered; for an accepted drift the live
// entry point its evidence froze. Pure: tests give it reviews as stored.
import { z } from "zod";
import { BASELINE_KINDS, entrypointSnapshotSchema, type Baseline, type BaselineKind, type EntrypointSnapshot } from "@/lib/drift/baseline";
import type { Review } from "@/lib/reviews/schema";

const ENTRYPOINT_PUT = /^\/zones\/([0-9a-f]{32})\/rulesets\/phases\/http_request_firewall_managed\/entrypoint$/;

/** The PUT's answer as the review keeps it: `{success, result}` with the rulesets_Ruleset result. */
const putAnswerSchema = z.object({
  result: z.looseObject({ id: z.string(), version: z.string(), last_updated: z.string(), rules: z.array(z.looseObject({})).optional() }),
});

/** The frozen live entry point of an accept_baseline review (lib/drift/accept-plan.ts). */
export const acceptEvidenceSchema = z.looseObject({ zone: z.object({ id: z.string(), name: z.string() }), live: entrypointSnapshotSchema });

export function isBaselineKind(kind: string): kind is BaselineKind {
  return (BASELINE_KINDS as readonly string[]).includes(kind);
}

/** The baseline to store once every call of `review` succeeded; undefined when the review sets none. */
export function baselineFromReview(review: Review, at: string): Baseline | undefined {
  if (!isBaselineKind(review.kind)) return undefined;
  const who = {
    reviewId: review.id,
    reviewKind: review.kind,
    ...(review.approvedBy ? { approvedBy: review.approvedBy } : {}),
    ...(review.executedBy ? { executedBy: review.executedBy } : {}),
    at,
  };
  if (review.kind === "accept_baseline") {
    const evidence = acceptEvidenceSchema.parse(review.evidence);
    return {
      format: 1,
      zoneId: evidence.zone.id,
      zoneName: evidence.zone.name,
      ...who,
      configuration: { rules: evidence.live.rules },
      entrypoint: evidence.live,
    };
  }
  const index = review.calls.findLastIndex((call) => call.method === "PUT" && ENTRYPOINT_PUT.test(call.path));
  const call = review.calls[index];
  if (!call || review.results[index]?.state !== "succeeded") return undefined;
  const zoneId = ENTRYPOINT_PUT.exec(call.path)![1]!;
  const zoneName = z.object({ zone: z.object({ name: z.string() }) }).safeParse(review.evidence).data?.zone.name ?? zoneId;
  const configuration = z.looseObject({ name: z.string().optional(), rules: z.array(z.looseObject({})) }).parse(call.body);
  const entrypoint = deployedEntrypoint(review.results[index]?.response);
  return { format: 1, zoneId, zoneName, ...who, configuration, ...(entrypoint ? { entrypoint } : {}) };
}

function deployedEntrypoint(response: unknown): EntrypointSnapshot | undefined {
  const parsed = putAnswerSchema.safeParse(response);
  if (!parsed.success) return undefined;
  const { id, version, last_updated: lastUpdated, rules } = parsed.data.result;
  return { id, version, lastUpdated, rules: rules ?? [] };
}
