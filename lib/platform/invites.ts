// The token user's invitations (GET /user/invites). `roles` has two real shapes: the 2024 schema's
// iam_schemas-role objects ({id, name, description, permissions}) and the current SDK's role names
// (cloudflare-typescript src/resources/user/invites.ts: `roles?: Array<string>`). Both are read.
import "server-only";
import { z } from "zod";
import type { PlatformClient } from "@/lib/platform/client";

const roleSchema = z.union([z.string(), z.object({ id: z.string().optional(), name: z.string() }).loose()]);

export const inviteSchema = z.object({
  // Optional in the 2024 schema and the SDK (Invite.id?): such an invitation is listed, but cannot be accepted here.
  id: z.string().optional(),
  organization_id: z.string(),
  organization_name: z.string().optional(),
  invited_member_id: z.string().nullable(),
  invited_member_email: z.string().optional(),
  invited_by: z.string().optional(),
  invited_on: z.string().optional(),
  expires_on: z.string().optional(),
  // Optional in the SDK; a status Preflight does not know is kept as given, never read as pending.
  status: z.string().optional(),
  roles: z.array(roleSchema).optional(),
});
export type Invite = z.infer<typeof inviteSchema>;

/** The invitation's role names, whichever shape the platform answered. */
export function roleNames(invite: Pick<Invite, "roles">): string[] {
  return (invite.roles ?? []).map((role) => (typeof role === "string" ? role : role.name));
}

export async function listInvites(platform: PlatformClient): Promise<Invite[]> {
  const { result } = await platform.get("/user/invites", {}, z.array(inviteSchema));
  return result;
}
