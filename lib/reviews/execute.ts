// Execution: checks the confirmation and re-reads the evidence (refusing with the differences if the
// account moved since approval), then claims the review with a conditional write — of two concurrent
// executes only one gets past that line — and sends each call once, recording every answer.
import { ConflictError } from "@/lib/http/conflict-error";
import { InputError } from "@/lib/http/input-error";
import type { PlatformClient } from "@/lib/platform/client";
import { PlatformError } from "@/lib/platform/errors";
import { diffJson } from "@/lib/reviews/diff";
import { planReview } from "@/lib/reviews/plan";
import type { CallResult, Review, ReviewCall } from "@/lib/reviews/schema";
import { refusal, transition, type Actor } from "@/lib/reviews/state-machine";
import type { ReviewStore } from "@/lib/reviews/store";
import type { Stored } from "@/lib/storage/json-objects";
import { z } from "zod";

export async function executeReview(store: ReviewStore, platform: PlatformClient, id: string, actor: Actor, confirm: string | undefined): Promise<Review> {
  const loaded = await store.load(id);
  const review = loaded.value;
  if (review.state === "executed") throw new ConflictError(`The review was already executed by ${review.executedBy}; nothing was sent again`, "already_executed");
  const refused = refusal(review, "execute", actor);
  if (refused) throw refused;
  if (review.confirmText !== undefined && confirm !== review.confirmText) {
    throw new InputError("confirm", `This step is irreversible: type the zone name "${review.confirmText}" to confirm`);
  }
  // A resumed (failed) execution has already changed the account: only a first execution checks drift.
  if (review.state === "approved") await refuseIfDrifted(store, platform, loaded, actor);

  let current = await store.save(transition(review, "execute", actor, new Date()), loaded.etag);
  await store.audit({ at: current.value.updatedAt, reviewId: id, actor: actor.id, action: "execution_started", from: review.state, to: "executing" });
  let failed = false;
  for (const [index, call] of current.value.calls.entries()) {
    const previous = current.value.results[index];
    if (previous?.state === "succeeded") continue;
    // Sent before but never recorded (the server stopped mid-call): the outcome is unknown, so never resend.
    const result: CallResult =
      previous?.state === "sending"
        ? { state: "failed", response: { message: "The call was sent but its answer was never recorded; check the account before retrying by hand" }, at: new Date().toISOString() }
        : await (async () => {
            current = await store.save(withResult(current.value, index, { state: "sending", at: new Date().toISOString() }), current.etag);
            return send(platform, call);
          })();
    current = await store.save(withResult(current.value, index, result), current.etag);
    await store.audit({ at: result.at ?? new Date().toISOString(), reviewId: id, actor: actor.id, action: result.state === "succeeded" ? "call_succeeded" : "call_failed", call: { index, method: call.method, path: call.path, status: result.status, response: result.response } });
    if (result.state === "failed") {
      failed = true;
      break; // later calls build on earlier ones
    }
  }
  const outcome = failed ? "failed" : "executed";
  const finished = await store.save(transition(current.value, "finish", actor, new Date(), outcome), current.etag);
  await store.audit({ at: finished.value.updatedAt, reviewId: id, actor: actor.id, action: `execution_${outcome}`, from: "executing", to: outcome });
  return finished.value;
}

async function refuseIfDrifted(store: ReviewStore, platform: PlatformClient, loaded: Stored<Review>, actor: Actor): Promise<void> {
  const review = loaded.value;
  const fresh = await planReview(platform, review.target).catch((error: unknown) => {
    if (error instanceof PlatformError) throw error;
    // The target no longer qualifies (migrated, no overrides, invite gone): that is drift too.
    return { evidence: { refused: error instanceof Error ? error.message : String(error) } };
  });
  const differences = diffJson(review.evidence, JSON.parse(JSON.stringify(fresh.evidence)));
  if (differences.length === 0) return;
  const at = new Date().toISOString();
  await store.save({ ...review, revision: review.revision + 1, updatedAt: at, drift: { at, differences } }, loaded.etag).catch(() => undefined); // someone else wrote: their version stands
  await store.audit({ at, reviewId: review.id, actor: actor.id, action: "execution_refused_drift", note: `${differences.length} difference(s) since approval` });
  throw new ConflictError("The account changed since this review was approved: nothing was sent. Create a new review from the current state.", "drift", differences);
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
      return { state: "failed", status: error.status, response: { success: false, errors: error.errors, message: error.message, kind: error.kind }, at: at() };
    }
    // Budget, abort or a bug: recorded as a failure so the review never stays stuck in executing.
    return { state: "failed", response: { success: false, message: error instanceof Error ? error.message : String(error) }, at: at() };
  }
}
