// Roles are ranked: an approver may do what a planner does, a planner what a viewer does.
import type { Role, RoleLists } from "@/lib/identity/config-schema";

const RANK: Record<Role, number> = { viewer: 1, planner: 2, approver: 3 };

export function hasRole(actual: Role, needed: Role): boolean {
  return RANK[actual] >= RANK[needed];
}

/** The highest role the lists give this e-mail address or any of its groups (`group:<name>`); none: no access. */
export function roleFor(email: string, groups: readonly string[], lists: RoleLists): Role | undefined {
  const principals = new Set([email.toLowerCase(), ...groups.map((g) => `group:${g.toLowerCase()}`)]);
  const granted = (["approver", "planner", "viewer"] as const).find((role) => lists[role].some((entry) => principals.has(entry)));
  return granted;
}
