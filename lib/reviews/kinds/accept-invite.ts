// accept_invite: the token's user joins an organization by a PATCH of its pending invitation.
import "server-only";
import { z } from "zod";
import { InputError } from "@/lib/errors/input-error";
import { NotFoundError } from "@/lib/errors/not-found-error";
import type { PlatformClient } from "@/lib/platform/client";
import { listInvites } from "@/lib/platform/invites";
import { checkIdentifier } from "@/lib/platform/paths";
import type { ReviewCall } from "@/lib/reviews/schema";
import type { CallEffect, PlanContext, ReviewKindHandler, ReviewPlan } from "@/lib/reviews/kinds/kind";

const INVITE = /^\/user\/invites\/([0-9a-f]{32})$/;
const inviteBody = z.object({ status: z.string() });

export const acceptInvite: ReviewKindHandler<"accept_invite"> = {
  plan: planInviteAcceptance,
  effect: (platform, call) => {
    const match = call.method === "PATCH" ? INVITE.exec(call.path) : null;
    return match ? inviteEffect(platform, match[1]!, call) : undefined;
  },
};

async function planInviteAcceptance({ platform }: PlanContext, { inviteId }: { inviteId: string }): Promise<ReviewPlan> {
  const invite = (await listInvites(platform)).find((i) => i.id === inviteId);
  if (!invite) throw new NotFoundError(`There is no invitation ${inviteId} for the token's user`);
  if (invite.status !== "pending")
    throw new InputError("inviteId", `The invitation is ${invite.status ?? "of unknown status"}, not pending`);
  const path = `/user/invites/${checkIdentifier("inviteId", inviteId)}`;
  return {
    title: `Accept the invitation to ${invite.organization_name ?? invite.organization_id}`,
    evidence: { invite },
    calls: [{ title: "Accept the invitation", method: "PATCH", path, query: {}, body: { status: "accepted" } }],
  };
}

/** Applied when the invitation's status is the one the PATCH asked for. */
async function inviteEffect(platform: PlatformClient, inviteId: string, call: ReviewCall): Promise<CallEffect> {
  const wanted = inviteBody.parse(call.body).status;
  const invite = (await listInvites(platform)).find((i) => i.id === inviteId);
  if (!invite) throw new Error("the invitation is gone, so the call's outcome cannot be read");
  return invite.status === wanted ? "applied" : "not_applied";
}
