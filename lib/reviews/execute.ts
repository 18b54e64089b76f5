// Execution: checks the confirmation and re-reads the evidence (refusing with the differences if the
// account moved since approval), then claims the review with a conditional write — of two concurrent
// executes only one gets past that line — and sends each call once, journalling its intent before the
// call and its outcome after it, so a server that stops mid-way is resumed without sending anything twice.
import { ConflictError } from "@/lib/errors/conflict-error";
import { InputError } from "@/lib/errors/input-error";
import type { PlatformClient } from "@/lib/platform/client";
import { PlatformError } from "@/lib/errors/platform-errors";
import { diffJson } from "@/lib/reviews/diff";
import { withoutDerivedDiff } from "@/lib/reviews/ruleset-diff-evidence";
import { callEffect, type CallEffect } from "@/lib/reviews/call-effect";
import { planReview } from "@/lib/reviews/plan";
import { baselineFromReview } from "@/lib/reviews/baseline-from-review";
import { handlerOf } from "@/lib/reviews/kinds";
import { setBaseline } from "@/lib/drift/set-baseline";
import type { CallResult, Difference, Review, ReviewCall } from "@/lib/reviews/schema";
import { refusal, transition, type Actor } from "@/lib/reviews/state-machine";
import type { ReviewStore } from "@/lib/reviews/store";
import type { Stored } from "@/lib/storage/json-objects";
import { z } from "zod";

export interface ExecuteOptions {
  /** How long this execution holds the review between two journal writes (config: REVIEW_EXECUTION_LEASE_SECONDS). */
  leaseMs: number;
}

const DEFAULT_OPTIONS: ExecuteOptions = { leaseMs: 300_000 };

export async function executeReview(
  store: ReviewStore,
  platformOf: PlatformClient | ((review: Review) => PlatformClient),
  id: string,
  actor: Actor,
  confirm: string | undefined,
  options = DEFAULT_OPTIONS,
): Promise<Review> {
  const loaded = await store.load(id);
  const review = loaded.value;
  // The review's own account's credentials (lib/accounts/review-entry.ts), never those of the request's first account.
  const platform = typeof platformOf === "function" ? platformOf(review) : platformOf;
  if (review.state === "executed")
    throw new ConflictError(`The review was already executed by ${review.executedBy}; nothing was sent again`, "already_executed");
  // A review left executing by a server that stopped is taken over once its lease has run out, not before.
  const resuming = review.state === "executing";
  if (resuming && review.leaseUntil && Date.parse(review.leaseUntil) > Date.now()) {
    throw new ConflictError(
      `The review is being executed by ${review.executedBy}; if that stopped, execute again after ${review.leaseUntil}`,
      "executing",
    );
  }
  const refused = refusal(review, resuming ? "resume" : "execute", actor);
  if (refused) throw refused;
  if (review.confirmText !== undefined && confirm !== review.confirmText) {
    throw new InputError("confirm", `This step is irreversible: type the zone name "${review.confirmText}" to confirm`);
  }
  // Drift is checked until a call may have changed the account: on a first execution, and on a failed one whose
  // calls were all refused (Execute again days later must not send a PUT over an entry point nobody reviewed).
  // Once a call succeeded (or may have been sent), the account differs by our own doing and the check cannot tell.
  const untouched = review.results.every((r) => r.state === "pending" || r.state === "failed");
  if (review.state === "approved" || (review.state === "failed" && untouched)) await refuseIfDrifted(store, platform, loaded, actor);

  const lease = () => new Date(Date.now() + options.leaseMs).toISOString();
  const claimed = transition(review, resuming ? "resume" : "execute", actor, new Date());
  let current = await store.save({ ...claimed, leaseUntil: lease() }, loaded.etag);
  await store.audit({
    at: current.value.updatedAt,
    reviewId: id,
    actor: actor.id,
    action: resuming ? "execution_resumed" : "execution_started",
    from: review.state,
    to: "executing",
  });
  // Every journal write renews the lease: the intent ("sending") before the call, the outcome after it.
  const journal = async (index: number, result: CallResult) => {
    current = await store.save({ ...withResult(current.value, index, result), leaseUntil: lease() }, current.etag);
  };
  let failed = false;
  for (const [index, call] of current.value.calls.entries()) {
    const previous = current.value.results[index];
    if (previous?.state === "succeeded") continue;
    // An outcome left unknown is read again before anything is sent, as a call found "sending" is.
    const unread = previous?.state === "sending" || previous?.state === "unknown";
    const result = await runStep(platform, call, unread, () => journal(index, { state: "sending", at: new Date().toISOString() }));
    await journal(index, result);
    await store.audit({
      at: result.at ?? new Date().toISOString(),
      reviewId: id,
      actor: actor.id,
      action:
        result.state === "succeeded"
          ? result.verified
            ? "call_verified"
            : "call_succeeded"
          : result.state === "unknown"
            ? "call_effect_unknown"
            : "call_failed",
      call: { index, method: call.method, path: call.path, status: result.status, response: result.response },
    });
    if (result.state === "failed" || result.state === "unknown") {
      failed = true;
      break; // later calls build on earlier ones
    }
  }
  const outcome = failed ? "failed" : "executed";
  // Before the review reads executed: a server that stops in between resumes the review and sets it again.
  if (!failed) await setBaselineOf(store, current.value, actor);
  const finished = await store.save(
    { ...transition(current.value, "finish", actor, new Date(), outcome), leaseUntil: undefined },
    current.etag,
  );
  await store.audit({
    at: finished.value.updatedAt,
    reviewId: id,
    actor: actor.id,
    action: `execution_${outcome}`,
    from: "executing",
    to: outcome,
  });
  return finished.value;
}

/**
 * One call: journalled as "sending", then sent. A call found "sending" was maybe sent by a server that
 * stopped: the account is read first, and the call is sent only if it had not taken effect.
 */
async function runStep(
  platform: PlatformClient,
  call: ReviewCall,
  unknownOutcome: boolean,
  markSending: () => Promise<void>,
): Promise<CallResult> {
  if (unknownOutcome) {
    let effect: CallEffect;
    try {
      effect = await callEffect(platform, call);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      return {
        state: "failed",
        response: {
          success: false,
          message: `The call may have been sent before a restart and its effect could not be read (${why}); it was not sent again. Execute again to re-check.`,
        },
        at: new Date().toISOString(),
      };
    }
    if (effect === "unknown") {
      return {
        state: "unknown",
        response: {
          success: false,
          message:
            "The call may have been sent before a restart, and whether it took effect is unknown: the read that would tell " +
            "(the migration status, or the overrides list) is refused as the previous version's retired APIs are, or says nothing " +
            "Preflight can place. It was not sent again. Check the zone in the dashboard, then execute again to re-check.",
        },
        at: new Date().toISOString(),
      };
    }
    if (effect === "applied") {
      return {
        state: "succeeded",
        verified: true,
        response: { success: true, message: "Sent before a restart; the account shows it took effect, so it was not sent again." },
        at: new Date().toISOString(),
      };
    }
  } else {
    await markSending();
  }
  return send(platform, call);
}

async function refuseIfDrifted(store: ReviewStore, platform: PlatformClient, loaded: Stored<Review>, actor: Actor): Promise<void> {
  const review = loaded.value;
  const fresh = await planReview(platform, review.target, store.bucket).catch((error: unknown) => {
    if (error instanceof PlatformError) throw error;
    // The target no longer qualifies (migrated, no overrides, invite gone): that is drift too.
    return { evidence: { refused: error instanceof Error ? error.message : String(error) } };
  });
  // The diff in words is derived from the entry point and configuration, both compared: its wording may differ between versions of Preflight.
  const differences = diffJson(withoutDerivedDiff(review.evidence), withoutDerivedDiff(JSON.parse(JSON.stringify(fresh.evidence))));
  if (differences.length === 0) return;
  const at = new Date().toISOString();
  await store
    .save({ ...review, revision: review.revision + 1, updatedAt: at, drift: { at, differences } }, loaded.etag)
    .catch(() => undefined); // someone else wrote: their version stands
  await store.audit({
    at,
    reviewId: review.id,
    actor: actor.id,
    action: "execution_refused_drift",
    note: `${differences.length} difference(s) since approval`,
  });
  throw new ConflictError(driftMessage(review, fresh.evidence, differences), "drift", differences);
}

/** The kind names what moved when it can (a migration step: its entry point); otherwise the generic words. */
function driftMessage(review: Review, after: unknown, differences: Difference[]): string {
  const generic = "The account changed since this review was approved: nothing was sent. Create a new review from the current state.";
  return handlerOf(review.kind).driftWords?.(review.evidence, after, differences) ?? generic;
}

/** A migration step or an accepted drift sets the zone's baseline, which drift watch compares the live entry point with. */
async function setBaselineOf(store: ReviewStore, review: Review, actor: Actor): Promise<void> {
  const at = new Date().toISOString();
  const baseline = baselineFromReview(review, at);
  if (!baseline) return;
  await setBaseline(store.bucket, baseline);
  await store.audit({
    at,
    reviewId: review.id,
    actor: actor.id,
    action: "baseline_set",
    note: `The approved configuration of ${baseline.zoneName} is its baseline for drift watch`,
  });
}

function withResult(review: Review, index: number, result: CallResult): Review {
  const results = review.results.map((r, i) => (i === index ? result : r));
  return { ...review, results, revision: review.revision + 1, updatedAt: new Date().toISOString() };
}

async function send(platform: PlatformClient, call: ReviewCall): Promise<CallResult> {
  const at = () => new Date().toISOString();
  try {
    if (call.method === "GET") {
      const { result } = await platform.get(call.path, call.query, z.unknown());
      return { state: "succeeded", status: 200, response: { success: true, result }, at: at() };
    }
    const { result } = await platform.send(call.method, call.path, call.query, call.body, z.unknown());
    return { state: "succeeded", status: 200, response: { success: true, result }, at: at() };
  } catch (error) {
    if (error instanceof PlatformError) {
      return {
        state: "failed",
        status: error.status,
        response: { success: false, errors: error.errors, message: error.message, kind: error.kind },
        at: at(),
      };
    }
    // Budget, abort or a bug: recorded as a failure so the review never stays stuck in executing.
    return { state: "failed", response: { success: false, message: error instanceof Error ? error.message : String(error) }, at: at() };
  }
}
