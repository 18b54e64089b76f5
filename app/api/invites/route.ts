import { operation } from "@/lib/http/operation";
import { UPSTREAM } from "@/lib/http/upstream-calls";
import { listInvites, roleNames } from "@/lib/platform/invites";

export const dynamic = "force-dynamic";

/** The token user's invitations; accepting one goes through a review (kind accept_invite). */
/** `roleNames` reads both shapes of `roles` (role objects in the 2024 schema, names in the current API). */
export const GET = operation(
  async ({ platform }) => ({ invites: (await listInvites(platform)).map((invite) => ({ ...invite, roleNames: roleNames(invite) })) }),
  { role: "viewer", upstream: UPSTREAM.invites },
);
