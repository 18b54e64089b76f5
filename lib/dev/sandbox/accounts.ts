// The accounts one sandbox serves (SANDBOX_ACCOUNTS), each seeded on its own, and which credential reaches which.
import {
  parseSandboxAccounts,
  SANDBOX_ACCOUNT_PROFILES,
  sandboxAccountToken,
  sandboxGroupToken,
  type SandboxAccountProfile,
} from "@/lib/accounts/sandbox-accounts";
import type { Principal, SandboxCredentials } from "./auth";
import { seedAccount, type SeedOptions } from "./seed";
import type { SandboxState } from "./types";

export interface ServedAccount {
  profile: SandboxAccountProfile;
  state: SandboxState;
}

/** One accepted bearer token: the name the rate limiter and the call log know it by, and the accounts it reaches. */
export interface TokenGrant {
  principal: Principal;
  token: string;
  /** Profile keys. */
  accounts: string[];
}

/** The profiles SANDBOX_ACCOUNTS (or the server's `accounts` option) chooses; throws naming the variable. */
export function chooseAccounts(raw: string | undefined): SandboxAccountProfile[] {
  const profiles = parseSandboxAccounts(raw);
  if (typeof profiles === "string") throw new Error(`SANDBOX_ACCOUNTS ${profiles}`);
  return profiles;
}

/** Zones per account at most (SANDBOX_ZONES' bound): the n-th catalog account numbers its zones from n × this + 1. */
const ZONE_NUMBER_BLOCK = 10_000;

/**
 * Seeds every chosen account: the first exactly as the single-account sandbox did (same seed, the zone count given);
 * the others from seed + their offset, with their own size and plans, zone numbers in a block of their own, so an
 * account's data is the same whichever other accounts are served.
 */
export function seedAccounts(profiles: readonly SandboxAccountProfile[], options: SeedOptions): ServedAccount[] {
  const seed = options.seed ?? 1;
  const served = profiles.map((profile, index) => {
    if (index === 0) return { profile, state: seedAccount(options) };
    const state = seedAccount({
      ...options,
      // The large profile's hostnames and the hostile strings stay the first account's: one of each is what those tests read.
      customHostnames: 0,
      hostileStrings: false,
      seed: seed + profile.seedOffset,
      zoneCount: profile.zones,
      accountName: profile.name,
      plans: profile.plans,
      zoneNumberOffset:
        ZONE_NUMBER_BLOCK *
        Math.max(
          1,
          SANDBOX_ACCOUNT_PROFILES.findIndex((known) => known.key === profile.key),
        ),
      zoneNumberWidth: String(ZONE_NUMBER_BLOCK).length,
    });
    return { profile, state };
  });
  const ids = served.flatMap(({ state }) => state.zones.map((zone) => zone.id));
  // Ids come from independent seeds: a collision would make a zone reachable through two accounts.
  if (new Set(ids).size !== ids.length)
    throw new Error("sandbox accounts: two accounts drew the same zone id; choose another SANDBOX_SEED");
  return served;
}

/** Every account's own token, then the group token reaching all accounts but the first (when any is served). */
export function tokenGrants(credentials: SandboxCredentials, profiles: readonly SandboxAccountProfile[]): TokenGrant[] {
  const [first, ...others] = profiles;
  if (!first) return [];
  const grants: TokenGrant[] = [{ principal: "token", token: credentials.apiToken, accounts: [first.key] }];
  for (const profile of others) {
    grants.push({
      principal: `token:${profile.key}`,
      token: sandboxAccountToken(credentials.apiToken, profile.key),
      accounts: [profile.key],
    });
  }
  if (others.length > 0) {
    grants.push({ principal: "token:group", token: sandboxGroupToken(credentials.apiToken), accounts: others.map((p) => p.key) });
  }
  return grants;
}
