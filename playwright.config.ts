import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";
import { E2E } from "./tests/e2e/environment";

export default defineConfig({
  testDir: "tests/e2e",
  // One server and one sandbox serve every test; some tests set sandbox faults, so they run one at a time.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  // The first view of a page scans the whole sandbox account on 2 cores: give assertions room for it.
  expect: { timeout: 15_000 },
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
  webServer: {
    command: "node_modules/.bin/tsx lib/launcher/start.ts",
    url: `${E2E.baseUrl}/api/health`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: "ignore",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    env: {
      PORT: String(E2E.port),
      SANDBOX_PORT: String(E2E.sandboxPort),
      SANDBOX_API_TOKEN: E2E.apiToken,
      ANVIL_PORT: String(E2E.anvilPort),
      GATEWAY_PORT: String(E2E.gatewayPort),
      NEXT_TELEMETRY_DISABLED: "1",
      // The suite always runs on the sandbox, whatever credentials the developer's shell holds.
      CLOUDFLARE_API_TOKEN: "",
      CLOUDFLARE_API_EMAIL: "",
      CLOUDFLARE_API_KEY: "",
      CLOUDFLARE_API_BASE_URL: "",
      CLOUDFLARE_ACCOUNT_ID: "",
      ETH_GATEWAY_URL: "", // the demo gateway, started by the launcher
      // Whole-account scans by several specs would exceed 1200 calls per 5 minutes; the limiter and the
      // sandbox's 429s are covered by the unit tests, so the browser suite runs without the limit.
      SANDBOX_RATE_LIMIT: "0",
      ACCOUNT_RATE_LIMIT: "1000000",
      // A fresh bucket per run: reviews from an earlier run (or the developer's demo) never leak in.
      PREFLIGHT_DATA_DIR: process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), "preflight-e2e-")),
    },
  },
});
