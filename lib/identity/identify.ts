// Who is calling: the verified access JWT in production, a demo user in demo mode. Never both: a demo
// header is refused outside demo mode, and a live start with no identity answers 401 to everyone.
import "server-only";
import type { IdentityConfig, Role } from "@/lib/identity/config-schema";
import { ACCESS_JWT_HEADER, verifyAccessJwt } from "@/lib/identity/access-jwt";
import { DEFAULT_DEMO_USER, DEMO_USER_COOKIE, DEMO_USER_HEADER, findDemoUser } from "@/lib/identity/demo-users";
import { UnauthenticatedError } from "@/lib/errors/identity-errors";
import { roleFor } from "@/lib/identity/roles";

export interface Identity {
  /** The e-mail address, or the demo user's name: what reviews record as author and approver. */
  id: string;
  role: Role;
  /** How the caller proved it: `cookie` only for the demo switcher, which makes Origin checks mandatory. */
  via: "access" | "demo-header" | "demo-cookie" | "demo-default";
}

export async function identify(headers: Headers, config: IdentityConfig): Promise<Identity> {
  const demoHeader = headers.get(DEMO_USER_HEADER);
  if (config.kind === "access") {
    if (demoHeader !== null) throw new UnauthenticatedError("Demo users exist only in demo mode");
    const token = headers.get(ACCESS_JWT_HEADER);
    if (!token) throw new UnauthenticatedError("Sign in through the access proxy: the Cf-Access-Jwt-Assertion header is missing");
    const claims = await verifyAccessJwt(token, config);
    const role = roleFor(claims.email, claims.groups, config.roles);
    if (!role) throw new UnauthenticatedError(`${claims.email} has no role in Preflight: ask for viewer, planner or approver`);
    return { id: claims.email, role, via: "access" };
  }
  if (config.kind === "none") throw new UnauthenticatedError("No identity is configured for this live account");
  const [name, via] =
    demoHeader !== null
      ? [demoHeader, "demo-header" as const]
      : readCookie(headers, DEMO_USER_COOKIE) !== undefined
        ? [readCookie(headers, DEMO_USER_COOKIE)!, "demo-cookie" as const]
        : [DEFAULT_DEMO_USER, "demo-default" as const];
  const user = findDemoUser(name);
  if (!user) throw new UnauthenticatedError(`Unknown demo user "${name.slice(0, 40)}": use planner, approver-1 or approver-2`);
  return { id: user.name, role: user.role, via };
}

function readCookie(headers: Headers, name: string): string | undefined {
  for (const part of (headers.get("cookie") ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key !== name) continue;
    // A malformed escape (a forged cookie) is an unknown user, not a crash.
    try {
      return decodeURIComponent(value.join("="));
    } catch {
      return value.join("=");
    }
  }
  return undefined;
}
