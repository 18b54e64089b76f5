// An accept_baseline review: the zone's drift accepted as its new baseline, only through four eyes. Its
// evidence freezes the baseline it replaces, the live entry point and the drift in words; it plans no
// call (nothing changes on the account). Execution re-plans it and refuses if either moved since approval,
// then writes the frozen live entry point as the baseline (lib/reviews/execute.ts).
import "server-only";
import { z } from "zod";
import { ConflictError } from "@/lib/errors/conflict-error";
import { InputError } from "@/lib/errors/input-error";
import { entrypointSnapshotSchema, readBaseline } from "@/lib/drift/baseline";
import { driftChanges } from "@/lib/drift/detect";
import { readManagedEntrypoint } from "@/lib/migration/entrypoint";
import type { PlatformClient } from "@/lib/platform/client";
import { getZone } from "@/lib/platform/zones";
import type { Bucket } from "@/lib/storage/bucket";
import type { ReviewKindHandler, ReviewPlan } from "@/lib/reviews/kinds/kind";

/** The frozen live entry point of an accept_baseline review: what becomes the baseline. */
const acceptEvidenceSchema = z.looseObject({ zone: z.object({ id: z.string(), name: z.string() }), live: entrypointSnapshotSchema });

export const acceptBaseline: ReviewKindHandler<"accept_baseline"> = {
  plan: ({ platform, bucket }, target) => {
    if (!bucket) throw new Error("Accepting a baseline needs the reviews' bucket");
    return planAcceptBaseline(platform, bucket, target.zoneId);
  },
  effect: () => undefined, // it plans no call
  approved: (review) => {
    const evidence = acceptEvidenceSchema.parse(review.evidence);
    return {
      zoneId: evidence.zone.id,
      zoneName: evidence.zone.name,
      configuration: { rules: evidence.live.rules },
      entrypoint: evidence.live,
    };
  },
};

async function planAcceptBaseline(platform: PlatformClient, bucket: Bucket, zoneId: string): Promise<ReviewPlan> {
  const zone = await getZone(platform, zoneId);
  const stored = await readBaseline(bucket, zone.id);
  if (!stored) throw new InputError("zoneId", `${zone.name} has no baseline: a migration review sets one when it executes`);
  const baseline = stored.value;
  const live = await readManagedEntrypoint(platform, zone.id);
  if (!live)
    throw new ConflictError(
      `${zone.name} has no http_request_firewall_managed entry point now: there is no configuration to accept. Restore it, or plan a migration step.`,
      "no_entrypoint",
    );
  const changes = driftChanges(baseline, live);
  if ("unreadable" in changes)
    throw new ConflictError(`The drift of ${zone.name} cannot be read: ${changes.unreadable}`, "drift_unreadable");
  if (changes.length === 0)
    throw new InputError(
      "zoneId",
      `The entry point of ${zone.name} matches its baseline (review ${baseline.reviewId}): there is no drift to accept`,
    );
  return {
    title: `Accept the drift of ${zone.name} as its new baseline`,
    evidence: {
      zone: { id: zone.id, name: zone.name, plan: zone.plan },
      // What is replaced: the configuration the earlier review approved.
      baseline: {
        reviewId: baseline.reviewId,
        reviewKind: baseline.reviewKind,
        at: baseline.at,
        version: baseline.entrypoint?.version ?? null,
        ruleCount: (baseline.entrypoint?.rules ?? baseline.configuration.rules).length,
      },
      live,
      drift: { words: changes.map((c) => c.words), changes },
    },
    calls: [],
  };
}
