// The sandbox's accounts, known to both sides: the sandbox seeds them and Preflight, in sandbox mode, reaches them
// with the same credentials. Pure: read by the sandbox (lib/dev) and by Preflight's configuration.

/** One simulated account: a name, a size and plans of its own, reached by its own token. */
export interface SandboxAccountProfile {
  /** SANDBOX_ACCOUNTS names accounts by this key. */
  key: string;
  name: string;
  /** Zones seeded (the first account's count is SANDBOX_ZONES). */
  zones: number;
  /** Seed offset from SANDBOX_SEED, so each account's data differs but stays reproducible. */
  seedOffset: number;
  /** The account's type, as GET /accounts reports it. */
  type: "standard" | "enterprise";
  /** The plans its zones are on, in equal shares; absent: the first account's mix of all four (40/25/20/15 %). */
  plans?: readonly SandboxPlan[];
}

/** A zone plan's `legacy_id`. */
export type SandboxPlan = "free" | "pro" | "business" | "enterprise";

/** The first account is today's single sandbox account, unchanged: every seed-based test keeps its figures. */
export const SANDBOX_ACCOUNT_PROFILES: readonly SandboxAccountProfile[] = [
  { key: "security", name: "Sandbox Security Team", zones: 240, seedOffset: 0, type: "enterprise" },
  { key: "staging", name: "Sandbox Staging", zones: 12, seedOffset: 1001, type: "standard", plans: ["pro", "business"] },
  { key: "acquired", name: "Acquired Co", zones: 36, seedOffset: 2002, type: "enterprise", plans: ["free", "enterprise"] },
];

export const DEFAULT_SANDBOX_ACCOUNTS = SANDBOX_ACCOUNT_PROFILES.map((profile) => profile.key).join(",");

/**
 * The token of one account: the primary keeps SANDBOX_API_TOKEN; the others derive theirs from it, so a run's fresh
 * token makes fresh (and searchable, for the leak checks) tokens for every account.
 */
export function sandboxAccountToken(baseToken: string, key: string): string {
  return key === SANDBOX_ACCOUNT_PROFILES[0]!.key ? baseToken : `${baseToken}-${key}`;
}

/** The token that reaches every account but the first (a holding company's token): one credential, several accounts. */
export function sandboxGroupToken(baseToken: string): string {
  return `${baseToken}-group`;
}

/** Parses SANDBOX_ACCOUNTS: a comma list of profile keys; the first profile is always served (it holds the legacy pair). */
export function parseSandboxAccounts(raw: string | undefined): SandboxAccountProfile[] | string {
  const keys = (raw ?? DEFAULT_SANDBOX_ACCOUNTS)
    .split(",")
    .map((key) => key.trim())
    .filter(Boolean);
  const unknown = keys.find((key) => !SANDBOX_ACCOUNT_PROFILES.some((profile) => profile.key === key));
  if (unknown !== undefined) return `names ${JSON.stringify(unknown)}: choose from ${DEFAULT_SANDBOX_ACCOUNTS}`;
  if (keys[0] !== SANDBOX_ACCOUNT_PROFILES[0]!.key) return `must start with ${SANDBOX_ACCOUNT_PROFILES[0]!.key}`;
  return SANDBOX_ACCOUNT_PROFILES.filter((profile) => keys.includes(profile.key));
}
