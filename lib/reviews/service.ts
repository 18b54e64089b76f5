// The review operations over the store: create (freezing the plan), the approval steps, comments.
// Every state change is audited after its conditional write succeeded, so the log never shows a step
// that lost a race.
import type { PlatformClient } from "@/lib/platform/client";
import { planReview } from "@/lib/reviews/plan";
import type { Review, ReviewTarget } from "@/lib/reviews/schema";
import { transition, type Actor } from "@/lib/reviews/state-machine";
import type { ReviewStore } from "@/lib/reviews/store";

export async function createReview(
  store: ReviewStore,
  platform: PlatformClient,
  target: ReviewTarget,
  author: Actor,
  now = new Date(),
  account?: { id: string; name: string },
): Promise<Review> {
  const plan = await planReview(platform, target, store.bucket, platform.entry.id);
  const at = now.toISOString();
  const review: Review = {
    id: crypto.randomUUID(),
    kind: target.kind,
    title: plan.title,
    target,
    author: author.id,
    createdAt: at,
    updatedAt: at,
    revision: 1,
    state: "draft",
    // A JSON round trip now, so the frozen copy compares equal to what is read back later.
    evidence: JSON.parse(JSON.stringify(plan.evidence)) as unknown,
    calls: plan.calls,
    results: plan.calls.map(() => ({ state: "pending" as const })),
    ...(plan.confirmText ? { confirmText: plan.confirmText } : {}),
    ...(account ? { account } : {}),
    entry: platform.entryKey,
  };
  await store.create(review);
  await store.audit({ at, reviewId: review.id, actor: author.id, action: "created", to: "draft", note: plan.title });
  return review;
}

export async function actOnReview(
  store: ReviewStore,
  id: string,
  action: "submit" | "approve" | "reject",
  actor: Actor,
  comment?: string,
  now = new Date(),
): Promise<Review> {
  const { value, etag } = await store.load(id);
  const next = transition(value, action, actor, now);
  await store.save(next, etag);
  await store.audit({
    at: now.toISOString(),
    reviewId: id,
    actor: actor.id,
    action,
    from: value.state,
    to: next.state,
    ...(comment ? { note: comment } : {}),
  });
  if (comment) await store.addComment(id, { at: now.toISOString(), author: actor.id, text: comment });
  return next;
}

export async function commentOnReview(store: ReviewStore, id: string, actor: Actor, text: string, now = new Date()): Promise<void> {
  await store.load(id); // 404 for an unknown review rather than an orphan comment
  await store.addComment(id, { at: now.toISOString(), author: actor.id, text });
  await store.audit({ at: now.toISOString(), reviewId: id, actor: actor.id, action: "commented", note: text });
}
