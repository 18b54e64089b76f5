// The sandbox: a simulated v4 REST API account served over real HTTP on 127.0.0.1.
//
// - API:      `<url>/client/v4/zones`, `/zones/{zone_id}`, `/zones/{zone_id}/dns_records`, with the v4
//             envelope, paging, ordering, auth headers, error codes and the account rate limit (429 + Retry-After).
// - Control:  `<url>/__sandbox/health|calls|reset|faults` (no auth, not logged) for tests and the demo.
// - Data:     seeded (`seed`, `zoneCount`), so the same options always serve byte-identical data.
// Run it alone with `npx tsx lib/dev/sandbox/main.ts`, or call `startSandbox()` from a test.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { API_PREFIX, handleApi } from "./api";
import { CONTROL_PREFIX, handleControl } from "./control";
import { fail } from "./envelope";
import { ERROR_CODES } from "./errors";
import { faultsProblem, type Faults } from "./faults";
import { sendJson } from "./http";
import type { RateLimitConfig } from "./rate-limit";
import { DEFAULT_RATE_LIMIT, SandboxRuntime } from "./runtime";
import { chooseAccounts } from "./accounts";
import { DEFAULT_ZONE_COUNT } from "./seed";
import type { SandboxState } from "./types";
import type { CallRecord } from "./calls";

export type { Faults } from "./faults";
export type { RateLimitConfig } from "./rate-limit";
export type { CallRecord } from "./calls";
export type { SandboxState, Zone, DnsRecord, Plan, Account } from "./types";
export { ERROR_CODES } from "./errors";

export interface SandboxOptions {
  /** 0 (the default) picks any free port. */
  port?: number;
  seed?: number;
  /** The first account's zones (the others' sizes are the catalog's). */
  zoneCount?: number;
  /** SANDBOX_ACCOUNTS: a comma list of account keys (lib/accounts/sandbox-accounts.ts); default all of them. */
  accounts?: string;
  /** Extra custom hostnames, generated on demand (the large-account profile); default 0. */
  customHostnames?: number;
  /** Markup in zone names, rule descriptions, hostnames and certificate hosts (seed-hostile.ts). */
  hostileStrings?: boolean;
  /** Share of the otherwise eligible zones whose previous-version API answers 410 Gone (default DEFAULT_RETIRED_SHARE). */
  retiredShare?: number;
  apiToken: string;
  apiEmail?: string;
  apiKey?: string;
  /** Default 1200 per 300 s per credential; `null` or 0 requests disables it. */
  rateLimit?: RateLimitConfig | null;
  /** GraphQL analytics' own limit: default 300 queries per 300 s per credential; `null` or 0 disables it. */
  graphqlRateLimit?: RateLimitConfig | null;
  faults?: Partial<Faults>;
  /** Clock for the rate limiter (ms since epoch); inject one so tests need not sleep. */
  now?: () => number;
}

export interface RunningSandbox {
  /** `http://127.0.0.1:PORT` */
  url: string;
  /** `url + "/client/v4"` */
  apiBaseUrl: string;
  port: number;
  /** The first account's seeded data (a new object after `POST /__sandbox/reset`). */
  readonly state: SandboxState;
  /** Every served account, the first one first: its key, and its seeded data (renewed by a reset). */
  readonly accounts: ReadonlyArray<{ key: string; state: SandboxState }>;
  /** The call log, readable after close(): calls still being answered when it closed end up here too. */
  calls(): CallRecord[];
  close(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions): Promise<RunningSandbox> {
  if (!options.apiToken) throw new Error("startSandbox: apiToken is required");
  const problem = faultsProblem(options.faults ?? {});
  if (problem) throw new Error(`startSandbox: faults.${problem}`);
  const accounts = chooseAccounts(options.accounts);
  const runtime = new SandboxRuntime({
    accounts,
    seed: options.seed ?? 1,
    zoneCount: options.zoneCount ?? DEFAULT_ZONE_COUNT,
    customHostnames: options.customHostnames ?? 0,
    hostileStrings: options.hostileStrings ?? false,
    retiredShare: options.retiredShare,
    credentials: { apiToken: options.apiToken, apiEmail: options.apiEmail, apiKey: options.apiKey },
    rateLimit: options.rateLimit === undefined ? DEFAULT_RATE_LIMIT : options.rateLimit,
    graphqlRateLimit: options.graphqlRateLimit,
    faults: options.faults ?? {},
    now: options.now ?? Date.now,
  });
  const server = createServer((req, res) => void dispatch(runtime, req, res));
  // Slow or idle clients must not keep `close()` waiting.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    apiBaseUrl: `${url}${API_PREFIX}`,
    port,
    get state() {
      return runtime.state;
    },
    get accounts() {
      return runtime.accounts.map(({ profile, state }) => ({ key: profile.key, state }));
    },
    calls: () => runtime.calls.list(),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

async function dispatch(runtime: SandboxRuntime, req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    const url = parseUrl(req.url);
    if (!url) {
      req.resume();
      return sendJson(res, 400, fail(400, ERROR_CODES.noRoute, "No route for the URI").body);
    }
    if (url.pathname === API_PREFIX || url.pathname.startsWith(`${API_PREFIX}/`)) return await handleApi(runtime, req, res, url);
    if (url.pathname === CONTROL_PREFIX || url.pathname.startsWith(`${CONTROL_PREFIX}/`))
      return await handleControl(runtime, req, res, url);
    req.resume();
    sendJson(res, 404, fail(404, ERROR_CODES.noRoute, "No route for the URI").body);
  } catch (error) {
    console.error("sandbox: unexpected error", error instanceof Error ? error.message : "unknown");
    sendJson(res, 500, fail(500, ERROR_CODES.internal, "sandbox internal error").body);
  }
}

/** Only the path and query of the request target matter; a target that is not a URL is refused. */
function parseUrl(target: string | undefined): URL | undefined {
  try {
    return new URL(target ?? "/", "http://127.0.0.1");
  } catch {
    return undefined;
  }
}
