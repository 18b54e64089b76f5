import { operation } from "@/lib/http/operation";
import { UPSTREAM } from "@/lib/http/upstream-calls";
import { listInvites } from "@/lib/platform/invites";

export const dynamic = "force-dynamic";

/** The token user's invitations; accepting one goes through a review (kind accept_invite). */
export const GET = operation(async ({ platform }) => ({ invites: await listInvites(platform) }), { role: "viewer", upstream: UPSTREAM.invites });
