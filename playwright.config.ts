import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { defineConfig } from "@playwright/test";
import { E2E } from "./tests/e2e/environment";

/** What both Preflight servers share: every secret set to this run's distinctive value. */
const common = {
  NEXT_TELEMETRY_DISABLED: "1",
  CLOUDFLARE_ACCOUNT_ID: "",
  ETH_GATEWAY_URL: E2E.gatewayUrl,
  AUTH_KEY_SECRET: E2E.authKeySecret,
  ACCOUNT_RATE_LIMIT: "1000000",
};

export default defineConfig({
  testDir: "tests/e2e",
  // One server and one sandbox serve every test; some tests set sandbox faults, so they run one at a time.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  // The first view of a page scans the whole sandbox account on 2 cores, which `npm test` shares with Vitest and the edge
  // step (tests/run-all.ts): give assertions room for it. A condition met sooner ends the wait sooner.
  expect: { timeout: 30_000 },
  // Playwright empties its output folder on start: keep it apart from the unit report beside it.
  outputDir: "test-results/e2e",
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  use: {
    baseURL: E2E.baseUrl,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: E2E.chromiumPath,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  webServer: [
    {
      // Everything the servers print goes to a file as well: the secrets spec searches it.
      command: `mkdir -p test-results && rm -f ${E2E.outboundLog} && { node_modules/.bin/tsx lib/dev/launcher/start.ts 2>&1 | tee ${E2E.serverLog} >&2; }`,
      url: `${E2E.baseUrl}/api/health`,
      reuseExistingServer: false,
      timeout: 240_000,
      stdout: "ignore",
      stderr: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
      env: {
        ...common,
        PORT: String(E2E.port),
        // Every outbound connection of this server's processes, for tests/e2e/trace-decoding.spec.ts.
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import ${resolve("tests/e2e/outbound-hosts.mjs")}`.trim(),
        PREFLIGHT_OUTBOUND_LOG: resolve(E2E.outboundLog),
        SANDBOX_PORT: String(E2E.sandboxPort),
        SANDBOX_API_TOKEN: E2E.apiToken,
        // The sandbox also accepts the legacy pair, for the second server below.
        SANDBOX_API_EMAIL: E2E.legacyEmail,
        SANDBOX_API_KEY: E2E.legacyKey,
        // Today's single account for the existing specs; the multi-account spec starts its own sandbox.
        SANDBOX_ACCOUNTS: "security",
        CLOUDFLARE_API_TOKEN: "",
        CLOUDFLARE_API_EMAIL: "",
        CLOUDFLARE_API_KEY: "",
        CLOUDFLARE_API_BASE_URL: "",
        // Whole-account scans by several specs would exceed 1200 calls per 5 minutes; the limiter and the
        // sandbox's 429s are covered by the unit tests, so the browser suite runs without the limit.
        SANDBOX_RATE_LIMIT: "0",
        // A fresh bucket per run: reviews from an earlier run (or the developer's demo) never leak in.
        PREFLIGHT_DATA_DIR: process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), "preflight-e2e-")),
      },
    },
    {
      // The demo gateway on its own, so both servers reach it under the distinctive ETH_GATEWAY_URL.
      command: "node_modules/.bin/tsx lib/dev/gateway/main.ts",
      url: `${E2E.gatewayOrigin}/__gateway/health`,
      reuseExistingServer: false,
      timeout: 240_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { ANVIL_PORT: String(E2E.anvilPort), GATEWAY_PORT: String(E2E.gatewayPort) },
    },
    {
      // Live mode with the legacy e-mail + key on the same sandbox: the key must not leak either.
      command: `mkdir -p test-results && { node_modules/.bin/next start --hostname 127.0.0.1 --port ${E2E.legacyPort} 2>&1 | tee ${E2E.legacyServerLog} >&2; }`,
      url: `${E2E.legacyBaseUrl}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
      env: {
        ...common,
        CLOUDFLARE_API_TOKEN: "",
        CLOUDFLARE_API_EMAIL: E2E.legacyEmail,
        CLOUDFLARE_API_KEY: E2E.legacyKey,
        CLOUDFLARE_API_BASE_URL: `${E2E.sandboxUrl}/client/v4`,
        PREFLIGHT_INSECURE_NO_IDENTITY: "1",
        PREFLIGHT_DATA_DIR: mkdtempSync(join(tmpdir(), "preflight-e2e-legacy-")),
      },
    },
  ],
});
