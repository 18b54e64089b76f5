// GET /user/invites and PATCH /user/invites/{invite_id} (status accepted or rejected), shaped as the
// reference's iam_user_invite: the token user's invitations to other organizations, seeded per seed.
// `roles` comes in both real shapes: role names (the current API, SDK `roles?: Array<string>`) on every
// other invitation, the 2024 schema's role objects on the rest.
import { z } from "zod";
import { fail, ok, type ApiResponse } from "../envelope";
import { ERROR_CODES } from "../errors";
import { Random } from "../random";
import type { RouteContext } from "../router";

export interface SandboxInvite {
  id: string;
  organization_id: string;
  organization_name: string;
  invited_member_id: string | null;
  invited_member_email: string;
  invited_by: string;
  invited_on: string;
  expires_on: string;
  status: "pending" | "accepted" | "rejected" | "expired";
  roles: Array<string | { id: string; name: string; description: string; permissions: string[] }>;
}

const ORGANIZATIONS = ["Acme Payments", "Northwind Security", "Globex Edge Team", "Initech Platform"];
/** Sandbox-chosen code for an invitation that was already answered or expired. */
const INVITE_NOT_PENDING = 1402;
const INVITE_NOT_FOUND = 1401;

export function seedInvites(seed: number): SandboxInvite[] {
  const rng = new Random(seed * 7919 + 11);
  return ORGANIZATIONS.map((name, i) => ({
    id: rng.hex(),
    organization_id: rng.hex(),
    organization_name: name,
    invited_member_id: rng.hex(),
    invited_member_email: "demo@sandbox.preflight.test",
    invited_by: `admin@${name.toLowerCase().split(" ")[0]}.example`,
    invited_on: new Date(Date.UTC(2026, 0, 10 + i)).toISOString(),
    expires_on: new Date(Date.UTC(2026, 11, 10 + i)).toISOString(),
    // One already expired: listed, but it cannot be accepted.
    status: i === ORGANIZATIONS.length - 1 ? "expired" : "pending",
    roles: roles(i, rng.hex(), i % 2 ? "Administrator Read Only" : "Firewall"),
  }));
}

/** The role id is drawn either way, so the seed's later draws do not move. */
function roles(index: number, id: string, name: string): SandboxInvite["roles"] {
  return index % 2 ? [name] : [{ id, name, description: "Seeded role", permissions: ["#zone:read"] }];
}

export function listInvites(context: RouteContext): ApiResponse {
  return ok(context.state.invites);
}

const respondSchema = z.object({ status: z.enum(["accepted", "rejected"]) }).strict();

export function respondToInvite(context: RouteContext): ApiResponse {
  const invite = context.state.invites.find((i) => i.id === context.params.invite_id);
  if (!invite) return fail(404, INVITE_NOT_FOUND, "Invitation not found");
  const parsed = respondSchema.safeParse(context.body);
  if (!parsed.success) return fail(400, ERROR_CODES.invalidBody, "Invalid request body: status must be accepted or rejected");
  if (invite.status !== "pending") return fail(400, INVITE_NOT_PENDING, `The invitation is ${invite.status} and can no longer be answered`);
  invite.status = parsed.data.status;
  return ok(invite);
}
