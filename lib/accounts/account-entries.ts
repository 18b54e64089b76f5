// The accounts Preflight reads, each with its own credentials: PREFLIGHT_ACCOUNTS names them, and each one's
// values live in variables of their own (PREFLIGHT_ACCOUNT_<KEY>_…), so every credential is a secret of its own.
// Pure (no `server-only`): the launcher checks it before starting anything, as it checks the rest of the config.
import { z } from "zod";
import { ConfigError } from "@/lib/errors/internal-errors";
import { parseSandboxAccounts, sandboxAccountToken, sandboxGroupToken } from "@/lib/accounts/sandbox-accounts";

export type Credentials = { kind: "token"; token: string } | { kind: "key"; email: string; key: string };

/** One configured credential and the account it is for (no id: every account the credential reaches). */
export interface AccountEntry {
  /** PREFLIGHT_ACCOUNTS' key ("default" for the single-account variables); names the entry's limits and caches. */
  key: string;
  /** The name Preflight shows; unset: the platform's own name for the account. */
  name?: string;
  id?: string;
  credentials: Credentials;
}

export const ACCOUNTS_VARIABLE = "PREFLIGHT_ACCOUNTS";
/** The variables of one entry: PREFLIGHT_ACCOUNT_<KEY>_NAME, _ID, _API_TOKEN, _API_EMAIL, _API_KEY. */
export const ACCOUNT_VARIABLE_PATTERN = /^PREFLIGHT_ACCOUNT_([A-Z0-9_]+)_(NAME|ID|API_TOKEN|API_EMAIL|API_KEY)$/;
export const accountVariable = (key: string, part: "NAME" | "ID" | "API_TOKEN" | "API_EMAIL" | "API_KEY") =>
  `PREFLIGHT_ACCOUNT_${key.toUpperCase()}_${part}`;

export const ACCOUNT_ID = /^[0-9a-f]{32}$/;
const KEY = /^[a-z0-9][a-z0-9_]{0,31}$/;

/** PREFLIGHT_ACCOUNTS' entries, in its order; throws ConfigError naming the first bad variable (never its value). */
export function readAccountEntries(env: Record<string, string | undefined>): AccountEntry[] {
  const raw = env[ACCOUNTS_VARIABLE]?.trim();
  if (!raw) return [];
  const keys = raw.split(",").map((key) => key.trim());
  const seen = new Set<string>();
  return keys.map((key) => {
    if (!KEY.test(key)) throw new ConfigError(ACCOUNTS_VARIABLE, "must be a comma list of keys: lowercase letters, digits and underscores");
    if (seen.has(key)) throw new ConfigError(ACCOUNTS_VARIABLE, `names ${key} twice`);
    if (key === "default") throw new ConfigError(ACCOUNTS_VARIABLE, "may not name default: that is the single-account variables' entry");
    seen.add(key);
    return readEntry(key, env);
  });
}

function readEntry(key: string, env: Record<string, string | undefined>): AccountEntry {
  const value = (part: Parameters<typeof accountVariable>[1]) => env[accountVariable(key, part)]?.trim() || undefined;
  const id = value("ID");
  if (id !== undefined && !ACCOUNT_ID.test(id))
    throw new ConfigError(accountVariable(key, "ID"), "must be 32 lowercase hexadecimal characters");
  const name = value("NAME");
  if (name !== undefined && !z.string().max(100).safeParse(name).success)
    throw new ConfigError(accountVariable(key, "NAME"), "must be at most 100 characters");
  const token = value("API_TOKEN");
  const email = value("API_EMAIL");
  const apiKey = value("API_KEY");
  if (token) return { key, name, id, credentials: { kind: "token", token } };
  if (email && apiKey) {
    if (!z.email().safeParse(email).success) throw new ConfigError(accountVariable(key, "API_EMAIL"), "must be an e-mail address");
    return { key, name, id, credentials: { kind: "key", email, key: apiKey } };
  }
  if (email) throw new ConfigError(accountVariable(key, "API_KEY"), `is required with ${accountVariable(key, "API_EMAIL")}`);
  if (apiKey) throw new ConfigError(accountVariable(key, "API_EMAIL"), `is required with ${accountVariable(key, "API_KEY")}`);
  throw new ConfigError(accountVariable(key, "API_TOKEN"), `is required for the account ${key} named in ${ACCOUNTS_VARIABLE}`);
}

/**
 * The sandbox's accounts as Preflight reaches them: the first with its own token, the others with the one token that
 * reaches all of them (a holding company's token), so one credential spanning several accounts is always in the demo.
 */
export function sandboxAccountEntries(baseToken: string, sandboxAccounts: string | undefined): AccountEntry[] {
  const profiles = parseSandboxAccounts(sandboxAccounts);
  if (typeof profiles === "string") throw new ConfigError("SANDBOX_ACCOUNTS", profiles);
  const [first, ...others] = profiles;
  const entries: AccountEntry[] = [{ key: "default", credentials: { kind: "token", token: sandboxAccountToken(baseToken, first!.key) } }];
  if (others.length) entries.push({ key: "group", credentials: { kind: "token", token: sandboxGroupToken(baseToken) } });
  return entries;
}

/** Every secret of the entries, for the redaction list. */
export function entrySecrets(entries: readonly AccountEntry[]): string[] {
  return entries.map((entry) => (entry.credentials.kind === "token" ? entry.credentials.token : entry.credentials.key));
}
