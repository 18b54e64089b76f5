// The environment Preflight reads, as one zod schema. Pure (no `server-only`) so the launcher can
// check it before starting any process; the server reads it through lib/config.ts.
import { z } from "zod";
import { integer, optionalText } from "@/lib/config-fields";
import { ConfigError } from "@/lib/errors/internal-errors";
import { identityEnv, readIdentity, type IdentityConfig } from "@/lib/identity/config-schema";
import { readStorage, storageEnv, type StorageConfig } from "@/lib/storage/config-schema";
import { readSnapshots, snapshotEnv, type SnapshotConfig } from "@/lib/snapshots/config-schema";
import { REQUEST_BODY_MAX_BYTES, type ServicePlan } from "@/lib/platform/runtime-limits";
import {
  ACCOUNT_VARIABLE_PATTERN,
  ACCOUNTS_VARIABLE,
  entrySecrets,
  readAccountEntries,
  sandboxAccountEntries,
  type AccountEntry,
  type Credentials,
} from "@/lib/accounts/account-entries";
import { SANDBOX_ACCOUNT_PROFILES } from "@/lib/accounts/sandbox-accounts";

export type { AccountEntry, Credentials } from "@/lib/accounts/account-entries";

export const REAL_API_BASE_URL = "https://api.cloudflare.com/client/v4";
export const DEFAULT_SANDBOX_PORT = 8790;
export const DEFAULT_SANDBOX_API_TOKEN = "preflight-sandbox-token";
/** The demo gateway (sandbox mode): anvil, and the policy layer in front of it that Preflight calls. */
export const DEFAULT_ANVIL_PORT = 8545;
export const DEFAULT_GATEWAY_PORT = 8546;

/** Subrequests one server request may make on each edge plan (platform limits). */
export const SUBREQUEST_BUDGET = { free: 50, paid: 1000 } as const;
export type EdgePlan = keyof typeof SUBREQUEST_BUDGET;

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

const apiBaseUrl = z
  .url({ message: "must be a URL" })
  // Refinements run even when the URL check failed: each one parses defensively.
  .refine((raw) => {
    if (!URL.canParse(raw)) return true;
    const url = new URL(raw);
    return url.protocol === "https:" || (url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname));
  }, "must use https (plain http only on 127.0.0.1 or localhost)")
  .refine((raw) => !URL.canParse(raw) || new URL(raw).pathname.replace(/\/+$/, "").endsWith("/client/v4"), "path must end in /client/v4")
  .transform((raw) => raw.replace(/\/+$/, ""));

const envSchema = z.object({
  CLOUDFLARE_API_TOKEN: optionalText,
  CLOUDFLARE_API_EMAIL: optionalText.pipe(z.email({ message: "must be an e-mail address" }).optional()),
  CLOUDFLARE_API_KEY: optionalText,
  CLOUDFLARE_API_BASE_URL: optionalText.pipe(apiBaseUrl.optional()),
  CLOUDFLARE_ACCOUNT_ID: optionalText.pipe(
    z
      .string()
      .regex(/^[0-9a-f]{32}$/, "must be 32 lowercase hexadecimal characters")
      .optional(),
  ),
  ETH_GATEWAY_URL: optionalText.pipe(z.url({ message: "must be a URL" }).optional()),
  EDGE_PLAN: optionalText.pipe(z.enum(["free", "paid"], { message: "must be free or paid" }).default("paid")),
  SUBREQUEST_BUDGET: optionalText.pipe(integer(1, 1000).optional()),
  ACCOUNT_RATE_LIMIT: optionalText.pipe(integer(1, 1_000_000).default(1200)),
  ACCOUNT_RATE_WINDOW_SECONDS: optionalText.pipe(integer(1, 86_400).default(300)),
  GRAPHQL_RATE_LIMIT: optionalText.pipe(integer(1, 1_000_000).default(300)),
  GRAPHQL_RATE_WINDOW_SECONDS: optionalText.pipe(integer(1, 86_400).default(300)),
  // On the edge every isolate asks one Durable Object per limit owner; "off" (the control test) counts per isolate.
  PREFLIGHT_SHARED_LIMITS: optionalText.pipe(z.enum(["on", "off"], { message: "must be on or off" }).default("on")),
  // Tokens of one user share one platform limit: name the same group on each deployment that holds one of them.
  PREFLIGHT_LIMIT_GROUP: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9._-]{1,64}$/, "must be 1-64 letters, digits, dots, dashes or underscores")
      .optional(),
  ),
  UPSTREAM_TIMEOUT_MS: optionalText.pipe(integer(100, 600_000).default(30_000)),
  REVIEW_EXECUTION_LEASE_SECONDS: optionalText.pipe(integer(1, 86_400).default(300)),
  SANDBOX_PORT: optionalText.pipe(integer(1, 65_535).default(DEFAULT_SANDBOX_PORT)),
  SANDBOX_API_TOKEN: optionalText.pipe(z.string().min(8, "must be at least 8 characters").default(DEFAULT_SANDBOX_API_TOKEN)),
  // Which of the sandbox's accounts it serves (lib/accounts/sandbox-accounts.ts): Preflight reaches the same ones.
  SANDBOX_ACCOUNTS: optionalText,
  // More accounts, each with its own credentials in PREFLIGHT_ACCOUNT_<KEY>_… variables (lib/accounts/account-entries.ts).
  [ACCOUNTS_VARIABLE]: optionalText,
  ANVIL_PORT: optionalText.pipe(integer(1, 65_535).default(DEFAULT_ANVIL_PORT)),
  GATEWAY_PORT: optionalText.pipe(integer(1, 65_535).default(DEFAULT_GATEWAY_PORT)),
  SERVICE_PLAN: optionalText.pipe(
    z.enum(["free", "pro", "business", "enterprise"], { message: "must be free, pro, business or enterprise" }).default("free"),
  ),
  REQUEST_BODY_MAX_BYTES: optionalText.pipe(integer(1, REQUEST_BODY_MAX_BYTES.enterprise).optional()),
  ...identityEnv,
  ...storageEnv,
  ...snapshotEnv,
});

/** Every variable the schema reads: what `preview:edge` hands to workerd as the worker's secrets. */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

export interface Config {
  /** `sandbox` when no credentials are configured: Preflight then talks to the embedded sandbox. */
  mode: "sandbox" | "live";
  apiBaseUrl: string;
  /** The first entry's credentials and account: what single-account code reads (every entry is in `accounts`). */
  credentials: Credentials;
  accountId?: string;
  /** Every configured account, each with its own credentials, limits and caches; at least one. */
  accounts: AccountEntry[];
  gatewayUrl?: string;
  /** Set when `npm start` runs the demo gateway: sandbox mode with no ETH_GATEWAY_URL of its own. */
  demoGateway?: { anvilPort: number; gatewayPort: number };
  edgePlan: EdgePlan;
  subrequestBudget: number;
  rateLimit: { requests: number; windowSeconds: number };
  /** GraphQL analytics' own query limit (300 per 5 minutes by default), kept on top of the account's. */
  graphqlRateLimit: { requests: number; windowSeconds: number };
  /** On the edge, the account's limits are kept by a Durable Object for every isolate (off: per isolate). */
  sharedLimits: boolean;
  /** A shared limit group named in the configuration; otherwise the limit owner is the credential. */
  limitGroup?: string;
  upstreamTimeoutMs: number;
  /** The zone's service plan, which sets the largest request body the platform lets through. */
  servicePlan: ServicePlan;
  requestBodyMaxBytes: number;
  /** How long an execution holds its review before another request may take over (it stopped mid-way). */
  reviewExecutionLeaseMs: number;
  identity: IdentityConfig;
  storage: StorageConfig;
  snapshots: SnapshotConfig;
  /** Every secret value, so logs and error messages can be scrubbed of them. */
  secrets: string[];
}

/** Parses the environment; throws ConfigError naming the first bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const parsed = envSchema.safeParse(pickKnown(env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(String(issue.path[0] ?? "environment"), issue.message);
  }
  const e = parsed.data;
  const credentials = readCredentials(e);
  const configured = [...(credentials ? [{ key: "default", id: e.CLOUDFLARE_ACCOUNT_ID, credentials }] : []), ...readAccountEntries(env)];
  const mode = configured.length ? "live" : "sandbox";
  if (mode === "sandbox" && e.CLOUDFLARE_API_BASE_URL) {
    throw new ConfigError(
      "CLOUDFLARE_API_TOKEN",
      "is not set, but CLOUDFLARE_API_BASE_URL is: set a token (or CLOUDFLARE_API_EMAIL + CLOUDFLARE_API_KEY) or unset the base URL to run on the sandbox",
    );
  }
  // The sandbox's accounts Preflight reaches: those `npm start` tells both of them (every one); unset, the first only.
  const accounts =
    mode === "live" ? configured : sandboxAccountEntries(e.SANDBOX_API_TOKEN, e.SANDBOX_ACCOUNTS ?? SANDBOX_ACCOUNT_PROFILES[0]!.key);
  const resolved: Credentials = accounts[0]!.credentials;
  const identity = readIdentity(e, mode);
  const storage = readStorage(e);
  const snapshots = readSnapshots(e);
  if (snapshots.refreshMinutes > 0 && !snapshots.cronSecret) {
    throw new ConfigError(
      "PREFLIGHT_CRON_SECRET",
      "is required with SNAPSHOT_REFRESH_MINUTES: the timer calls the refresh step as the cron does",
    );
  }
  const demoGateway = mode === "sandbox" && !e.ETH_GATEWAY_URL ? { anvilPort: e.ANVIL_PORT, gatewayPort: e.GATEWAY_PORT } : undefined;
  const gatewayUrl = e.ETH_GATEWAY_URL ?? (demoGateway && `http://127.0.0.1:${demoGateway.gatewayPort}/v1/anvil`);
  return {
    mode,
    apiBaseUrl: mode === "live" ? (e.CLOUDFLARE_API_BASE_URL ?? REAL_API_BASE_URL) : `http://127.0.0.1:${e.SANDBOX_PORT}/client/v4`,
    credentials: resolved,
    accountId: accounts[0]!.id,
    accounts,
    gatewayUrl,
    demoGateway,
    edgePlan: e.EDGE_PLAN,
    subrequestBudget: e.SUBREQUEST_BUDGET ?? SUBREQUEST_BUDGET[e.EDGE_PLAN],
    rateLimit: { requests: e.ACCOUNT_RATE_LIMIT, windowSeconds: e.ACCOUNT_RATE_WINDOW_SECONDS },
    graphqlRateLimit: { requests: e.GRAPHQL_RATE_LIMIT, windowSeconds: e.GRAPHQL_RATE_WINDOW_SECONDS },
    sharedLimits: e.PREFLIGHT_SHARED_LIMITS === "on",
    limitGroup: e.PREFLIGHT_LIMIT_GROUP,
    upstreamTimeoutMs: e.UPSTREAM_TIMEOUT_MS,
    servicePlan: e.SERVICE_PLAN,
    requestBodyMaxBytes: e.REQUEST_BODY_MAX_BYTES ?? REQUEST_BODY_MAX_BYTES[e.SERVICE_PLAN],
    reviewExecutionLeaseMs: e.REVIEW_EXECUTION_LEASE_SECONDS * 1000,
    identity,
    storage,
    snapshots,
    secrets: [
      ...(storage.authKeySecret ? [storage.authKeySecret] : []),
      ...(snapshots.cronSecret ? [snapshots.cronSecret] : []),
      ...entrySecrets(accounts),
      // Even the demo gateway's URL: the leak checks then prove no gateway URL reaches the browser.
      ...(gatewayUrl ? [gatewayUrl] : []),
    ],
  };
}

function readCredentials(e: z.infer<typeof envSchema>): Credentials | undefined {
  if (e.CLOUDFLARE_API_TOKEN) return { kind: "token", token: e.CLOUDFLARE_API_TOKEN };
  if (e.CLOUDFLARE_API_EMAIL && e.CLOUDFLARE_API_KEY) {
    return { kind: "key", email: e.CLOUDFLARE_API_EMAIL, key: e.CLOUDFLARE_API_KEY };
  }
  if (e.CLOUDFLARE_API_EMAIL) throw new ConfigError("CLOUDFLARE_API_KEY", "is required with CLOUDFLARE_API_EMAIL");
  if (e.CLOUDFLARE_API_KEY) throw new ConfigError("CLOUDFLARE_API_EMAIL", "is required with CLOUDFLARE_API_KEY");
  return undefined;
}

function pickKnown(env: Record<string, string | undefined>) {
  return Object.fromEntries(Object.keys(envSchema.shape).map((name) => [name, env[name]]));
}

/** The names of the per-account variables set in this environment: the edge preview hands them to workerd too. */
export function accountVariables(env: Record<string, string | undefined>): string[] {
  return Object.keys(env).filter((name) => ACCOUNT_VARIABLE_PATTERN.test(name));
}
