// The review's life: draft → submitted → approved | rejected → executing → executed | failed. Pure:
// each step checks the state, the role and the four-eyes rule, and returns the next version.
import { ConflictError } from "@/lib/errors/conflict-error";
import type { Role } from "@/lib/identity/config-schema";
import { ForbiddenError } from "@/lib/errors/identity-errors";
import { hasRole } from "@/lib/identity/roles";
import type { Review, ReviewState } from "@/lib/reviews/schema";

export type ReviewAction = "submit" | "approve" | "reject" | "execute" | "resume" | "finish";

export interface Actor {
  id: string;
  role: Role;
}

interface Rule {
  from: readonly ReviewState[];
  role: Role;
  /** The four-eyes rule: who may not take this step on their own review. */
  notAuthor?: boolean;
  onlyAuthor?: boolean;
}

export const RULES: Record<ReviewAction, Rule> = {
  submit: { from: ["draft"], role: "planner", onlyAuthor: true },
  approve: { from: ["submitted"], role: "approver", notAuthor: true },
  reject: { from: ["submitted"], role: "approver", notAuthor: true },
  // A failed execution can be resumed: calls that succeeded are never sent again.
  execute: { from: ["approved", "failed"], role: "planner" },
  // An execution whose server stopped mid-way (its lease ran out) is taken over; execute.ts checks the lease.
  resume: { from: ["executing"], role: "planner" },
  finish: { from: ["executing"], role: "planner" },
};

/** Why this actor may not take this step now (403 or 409), or undefined when they may. */
export function refusal(review: Review, action: ReviewAction, actor: Actor): Error | undefined {
  const rule = RULES[action];
  if (!hasRole(actor.role, rule.role))
    return new ForbiddenError(`To ${action} a review you need the ${rule.role} role; ${actor.id} is a ${actor.role}`);
  if (rule.notAuthor && review.author === actor.id)
    return new ForbiddenError(`${actor.id} wrote this review and cannot ${action} it: a second person must`);
  if (rule.onlyAuthor && review.author !== actor.id)
    return new ForbiddenError(`Only the author (${review.author}) can ${action} this review`);
  if (!rule.from.includes(review.state)) {
    return new ConflictError(
      `The review is ${review.state}; it can be ${pastTense(action)} only when ${rule.from.join(" or ")}`,
      "invalid_state",
    );
  }
  return undefined;
}

export function transition(review: Review, action: ReviewAction, actor: Actor, at: Date, outcome?: "executed" | "failed"): Review {
  const refused = refusal(review, action, actor);
  if (refused) throw refused;
  const next: Review = { ...review, revision: review.revision + 1, updatedAt: at.toISOString() };
  switch (action) {
    case "submit":
      return { ...next, state: "submitted" };
    case "approve":
      return { ...next, state: "approved", approvedBy: actor.id };
    case "reject":
      return { ...next, state: "rejected", rejectedBy: actor.id };
    case "execute":
    case "resume":
      return { ...next, state: "executing", executedBy: actor.id, drift: undefined };
    case "finish":
      return { ...next, state: outcome ?? "failed" };
  }
}

function pastTense(action: ReviewAction): string {
  return { submit: "submitted", approve: "approved", reject: "rejected", execute: "executed", resume: "resumed", finish: "finished" }[
    action
  ];
}
