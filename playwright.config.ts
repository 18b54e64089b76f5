import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { defineConfig, type PlaywrightTestConfig } from "@playwright/test";
import { E2E, e2eStack, STACKS } from "./tests/e2e/environment";

type Stack = ReturnType<typeof e2eStack>;
type Server = Extract<PlaywrightTestConfig["webServer"], unknown[]>[number];

/** What both Preflight servers of a stack share: every secret set to this run's distinctive value. */
const common = (stack: Stack) => ({
  NEXT_TELEMETRY_DISABLED: "1",
  CLOUDFLARE_ACCOUNT_ID: "",
  ETH_GATEWAY_URL: stack.gatewayUrl,
  AUTH_KEY_SECRET: stack.authKeySecret,
  ACCOUNT_RATE_LIMIT: "1000000",
});

/** How every server of the suite runs: started fresh, its output to stderr (the logs are tee'd), stopped by SIGTERM. */
const SERVER = {
  reuseExistingServer: false,
  stdout: "ignore",
  stderr: "pipe",
  gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
} as const;

/** The crawl specs, which share one visit of every page (tests/e2e/page-visits.ts): one project, one worker. */
const CRAWL_SPECS = /\/(accessibility|headers|secrets)\.spec\.ts$/;

/** One stack's servers: Preflight with its sandbox, the demo gateway, the legacy-pair Preflight (the edge run keeps the first two). */
export const stackServers = (stack: Stack): Server[] => [
  {
    // Everything the servers print goes to a file as well: the secrets spec searches it.
    command: `mkdir -p test-results && rm -f ${stack.outboundLog} && { node_modules/.bin/tsx lib/dev/launcher/start.ts 2>&1 | tee ${stack.serverLog} >&2; }`,
    url: `${stack.baseUrl}/api/health`,
    ...SERVER,
    timeout: 240_000,
    env: {
      ...common(stack),
      PORT: String(stack.port),
      // Every outbound connection of this server's processes, for tests/e2e/trace-decoding.spec.ts.
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import ${resolve("tests/e2e/outbound-hosts.mjs")}`.trim(),
      PREFLIGHT_OUTBOUND_LOG: resolve(stack.outboundLog),
      SANDBOX_PORT: String(stack.sandboxPort),
      SANDBOX_API_TOKEN: stack.apiToken,
      // The sandbox also accepts the legacy pair, for the second server below.
      SANDBOX_API_EMAIL: stack.legacyEmail,
      SANDBOX_API_KEY: stack.legacyKey,
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
      PREFLIGHT_DATA_DIR: (stack.stack === 0 && process.env.E2E_DATA_DIR) || mkdtempSync(join(tmpdir(), "preflight-e2e-")),
    },
  },
  {
    // The demo gateway on its own, so both servers reach it under the distinctive ETH_GATEWAY_URL.
    command: "node_modules/.bin/tsx lib/dev/gateway/main.ts",
    url: `${stack.gatewayOrigin}/__gateway/health`,
    ...SERVER,
    timeout: 240_000,
    env: { ANVIL_PORT: String(stack.anvilPort), GATEWAY_PORT: String(stack.gatewayPort) },
  },
  {
    // Live mode with the legacy e-mail + key on the same sandbox: the key must not leak either.
    command:
      `mkdir -p test-results && { node_modules/.bin/next start --hostname 127.0.0.1 --port ${stack.legacyPort} 2>&1 ` +
      `| tee ${stack.legacyServerLog} >&2; }`,
    url: `${stack.legacyBaseUrl}/api/health`,
    ...SERVER,
    timeout: 120_000,
    env: {
      ...common(stack),
      CLOUDFLARE_API_TOKEN: "",
      CLOUDFLARE_API_EMAIL: stack.legacyEmail,
      CLOUDFLARE_API_KEY: stack.legacyKey,
      CLOUDFLARE_API_BASE_URL: `${stack.sandboxUrl}/client/v4`,
      PREFLIGHT_INSECURE_NO_IDENTITY: "1",
      PREFLIGHT_DATA_DIR: mkdtempSync(join(tmpdir(), "preflight-e2e-legacy-")),
    },
  },
];

/**
 * `servers` started at once, then one wait for them all (tests/e2e/servers-ready.mjs): Playwright waits for each
 * entry's url before it starts the next one, which cost 15 s on a quiet machine for two stacks (28 s in `npm test`).
 */
export function sideBySide(servers: Server[]): Server[] {
  return [
    ...servers.map(({ url: _url, ...launched }) => launched),
    {
      command: `node tests/e2e/servers-ready.mjs ${servers.map((server) => server.url).join(" ")}`,
      wait: { stdout: /every server answers/ },
      ...SERVER,
      timeout: Math.max(...servers.map((server) => server.timeout ?? 60_000)),
    },
  ];
}

// The first stack's Preflight first and alone: its launcher builds when the build is stale, which the other servers
// (the legacy-pair one serves the same build) must not start beside.
const [first, ...rest] = Array.from({ length: STACKS }, (_, index) => stackServers(e2eStack(index))).flat();

export default defineConfig({
  testDir: "tests/e2e",
  // Two workers, one per project, each on a stack of its own (tests/e2e/environment.ts): within a project the specs
  // share one sandbox and set faults on it, so they run one at a time.
  workers: STACKS,
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
    // This file is read again in each worker, with its TEST_PARALLEL_INDEX: E2E is that worker's stack.
    baseURL: E2E.baseUrl,
    // Recording a trace of every test (to keep the failed ones') cost a third of e2e's CPU: 105 against 70 CPU s for
    // four workflow specs, the screencast, DOM snapshots and network record each a part. A failure still prints its
    // error and the page's accessibility snapshot; E2E_TRACE=1 (or `--trace retain-on-failure`) records traces again.
    trace: process.env.E2E_TRACE === "1" ? "retain-on-failure" : "off",
    launchOptions: {
      executablePath: E2E.chromiumPath,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  projects: [
    { name: "crawl", testMatch: CRAWL_SPECS, workers: 1 },
    { name: "workflows", testIgnore: CRAWL_SPECS, workers: 1 },
  ],
  webServer: [first!, ...sideBySide(rest)],
});
