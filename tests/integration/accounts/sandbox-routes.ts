// What the integration tests that call the real routes in sandbox mode share: a sandbox on a free port (no rate limits),
// Preflight's environment pointing at it as `npm start` does with no token, and a data directory of its own, all
// undone after the file's tests. `accounts` (SANDBOX_ACCOUNTS) chooses the accounts served and read; unset, the sandbox
// serves all three and Preflight reads the first only.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { startSandbox, type RunningSandbox } from "@/lib/dev/sandbox/server";
import { closeLocalBucket } from "@/lib/storage/local-bucket";

export interface SandboxRoutesOptions {
  /** The sandbox's token: unique per file, so the leak checks can search for it. */
  token: string;
  zoneCount: number;
  /** SANDBOX_ACCOUNTS, e.g. "security,staging,acquired"; unset: each side's default. */
  accounts?: string;
  /** Other variables of the file (an archive key, say). */
  env?: Record<string, string>;
}

export interface SandboxRoutes {
  sandbox: RunningSandbox;
  dataDir: string;
  /** A served account's state by its profile key (lib/accounts/sandbox-accounts.ts): "security", "staging", "acquired". */
  account(key: string): RunningSandbox["state"];
}

const sandboxOptions = ({ zoneCount, accounts }: SandboxRoutesOptions) => ({ zoneCount, ...(accounts ? { accounts } : {}) });

/** Started before the file's tests (handed to `set`), closed after them. */
export function withSandboxRoutes(options: SandboxRoutesOptions, set: (routes: SandboxRoutes) => void): void {
  let sandbox: RunningSandbox | undefined;
  let dataDir: string | undefined;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, apiToken: options.token, rateLimit: null, graphqlRateLimit: null, ...sandboxOptions(options) });
    dataDir = mkdtempSync(join(tmpdir(), "preflight-routes-"));
    Object.assign(process.env, {
      CLOUDFLARE_API_TOKEN: "",
      SANDBOX_PORT: String(sandbox.port),
      SANDBOX_API_TOKEN: options.token,
      ...(options.accounts ? { SANDBOX_ACCOUNTS: options.accounts } : {}),
      ACCOUNT_RATE_LIMIT: "1000000",
      GRAPHQL_RATE_LIMIT: "1000000",
      PREFLIGHT_DATA_DIR: dataDir,
      ...options.env,
    });
    const running = sandbox;
    set({
      sandbox: running,
      dataDir,
      account: (key) => {
        const served = running.accounts.find((a) => a.key === key);
        if (!served) throw new Error(`the sandbox serves no account ${key}`);
        return served.state;
      },
    });
  }, 60_000);
  afterAll(async () => {
    await closeLocalBucket();
    await sandbox?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
}

/** The headers of a demo user's request from the page's own origin. */
export const demoUser = (user: string) => ({ "x-preflight-demo-user": user, host: "127.0.0.1", origin: "http://127.0.0.1" });

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each route types its own params
export type RouteHandler = (request: Request, route?: { params: Promise<any> }) => Promise<Response>;

/** Calls a route's handler as the page would (GET, or POST with a JSON body), as `user` (the planner by default). */
export async function callRoute(
  handler: RouteHandler,
  path: string,
  init: { user?: string; body?: unknown; params?: Record<string, string> } = {},
) {
  const request = new Request(`http://127.0.0.1${path}`, {
    method: init.body === undefined ? "GET" : "POST",
    headers: { ...demoUser(init.user ?? "planner"), ...(init.body === undefined ? {} : { "content-type": "application/json" }) },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const response = await handler(request, { params: Promise.resolve(init.params ?? {}) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The calls the sandbox answered, from its own log. */
export async function sandboxCalls(sandboxUrl: string) {
  const answer = (await (await fetch(`${sandboxUrl}/__sandbox/calls`)).json()) as {
    calls: Array<{ method: string; path: string; credential?: string }>;
  };
  return answer.calls;
}
