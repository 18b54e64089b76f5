// The token user's invitations (GET /user/invites), shaped as the reference's iam_user_invite.
import "server-only";
import { z } from "zod";
import type { PlatformClient } from "@/lib/platform/client";

export const inviteSchema = z.object({
  id: z.string(),
  organization_id: z.string(),
  organization_name: z.string().optional(),
  invited_member_id: z.string().nullable(),
  invited_member_email: z.string().optional(),
  invited_by: z.string().optional(),
  invited_on: z.string().optional(),
  expires_on: z.string().optional(),
  status: z.enum(["pending", "accepted", "rejected", "expired"]),
  roles: z.array(z.object({ id: z.string(), name: z.string() }).loose()).optional(),
});
export type Invite = z.infer<typeof inviteSchema>;

export async function listInvites(platform: PlatformClient): Promise<Invite[]> {
  const { result } = await platform.get("/user/invites", {}, z.array(inviteSchema));
  return result;
}
