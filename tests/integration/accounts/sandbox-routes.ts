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
