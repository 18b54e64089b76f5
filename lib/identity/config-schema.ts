// Who may use Preflight, from the environment: the access proxy's JWT settings and the role lists, or
// the demo users. Pure, so the launcher can refuse a live start with no identity before anything runs.
import { z } from "zod";
import { optionalText } from "@/lib/config-fields";
import { ConfigError } from "@/lib/errors/internal-errors";

export const ROLES = ["viewer", "planner", "approver"] as const;
export type Role = (typeof ROLES)[number];

/** E-mail addresses or `group:<name>` entries, comma-separated. */
const principals = optionalText.transform((raw) =>
  (raw ?? "")
    .split(",")
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean),
);

export const identityEnv = {
  ACCESS_JWKS_URL: optionalText.pipe(z.url({ message: "must be a URL" }).optional()),
  ACCESS_AUDIENCE: optionalText,
  ACCESS_ISSUER: optionalText,
  PREFLIGHT_VIEWERS: principals,
  PREFLIGHT_PLANNERS: principals,
  PREFLIGHT_APPROVERS: principals,
  PREFLIGHT_INSECURE_NO_IDENTITY: optionalText.pipe(z.enum(["0", "1"], { message: "must be 0 or 1" }).optional()),
};

type IdentityEnv = z.output<z.ZodObject<typeof identityEnv>>;

export interface RoleLists {
  viewer: string[];
  planner: string[];
  approver: string[];
}

export type IdentityConfig =
  | { kind: "access"; jwksUrl: string; audience: string; issuer: string; roles: RoleLists }
  /** Demo users chosen in the UI or with `x-preflight-demo-user`: the sandbox, or a live start that opted out. */
  | { kind: "demo"; reason: "sandbox" | "opted_out" }
  /** A live account with no identity configured: the server refuses to start (and every request gets 401). */
  | { kind: "none" };

export function readIdentity(e: IdentityEnv, mode: "sandbox" | "live"): IdentityConfig {
  const access = [e.ACCESS_JWKS_URL, e.ACCESS_AUDIENCE, e.ACCESS_ISSUER];
  if (access.some(Boolean)) {
    const [jwksUrl, audience, issuer] = access;
    if (!jwksUrl) throw new ConfigError("ACCESS_JWKS_URL", "is required with ACCESS_AUDIENCE and ACCESS_ISSUER");
    if (!audience) throw new ConfigError("ACCESS_AUDIENCE", "is required with ACCESS_JWKS_URL");
    if (!issuer) throw new ConfigError("ACCESS_ISSUER", "is required with ACCESS_JWKS_URL");
    const roles = { viewer: e.PREFLIGHT_VIEWERS, planner: e.PREFLIGHT_PLANNERS, approver: e.PREFLIGHT_APPROVERS };
    return { kind: "access", jwksUrl, audience, issuer, roles };
  }
  if (mode === "sandbox") return { kind: "demo", reason: "sandbox" };
  return e.PREFLIGHT_INSECURE_NO_IDENTITY === "1" ? { kind: "demo", reason: "opted_out" } : { kind: "none" };
}

/** Why a server must not start with this identity configuration, or undefined when it may. */
export function identityStartupProblem(identity: IdentityConfig): { variable: string; problem: string } | undefined {
  if (identity.kind !== "none") return undefined;
  return {
    variable: "ACCESS_JWKS_URL",
    problem:
      "is not set on a live account: set ACCESS_JWKS_URL, ACCESS_AUDIENCE and ACCESS_ISSUER (and the role lists), " +
      "or set PREFLIGHT_INSECURE_NO_IDENTITY=1 to run with demo users and no real identity",
  };
}
