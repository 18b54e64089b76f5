// Where the e2e suite's servers listen and which sandbox token they share. The test runner sets
// E2E_API_TOKEN to a fresh random value and builds with it in the environment, so the leak checks
// would find it if anything copied it into the client bundle.
/**
 * The edge run (tests/edge/ports.ts sets E2E_RUNTIME) runs beside the Node one in `npm test`: its servers' logs are
 * its own, or one run's outbound check would read the other's connections (wrangler's among them).
 */
const runtimePrefix = process.env.E2E_RUNTIME === "edge" ? "edge-" : "";

/**
 * The Node run has two Playwright workers (playwright.config.ts), each on a stack of servers of its own (sandbox,
 * Preflight, the legacy-pair Preflight, demo gateway), since specs set faults on their sandbox and gateway: stack n
 * listens on the base ports + n × STACK_PORT_STRIDE and logs to files of its own.
 */
export const STACKS = 2;
export const STACK_PORT_STRIDE = 1000;

/** Stack `index`'s ports, logs and secrets; E2E below is the one of the worker reading it. */
export function e2eStack(index: number) {
  const offset = index * STACK_PORT_STRIDE;
  const suffix = index === 0 ? "" : `-${index}`;
  return {
    stack: index,
    port: Number(process.env.E2E_PORT ?? 3210) + offset,
    sandboxPort: Number(process.env.E2E_SANDBOX_PORT ?? 8791) + offset,
    anvilPort: Number(process.env.E2E_ANVIL_PORT ?? 18545) + offset,
    gatewayPort: Number(process.env.E2E_GATEWAY_PORT ?? 18546) + offset,
    apiToken: process.env.E2E_API_TOKEN ?? "preflight-e2e-token-4b8d1f0c9e2a",
    // The other secrets a server can hold, distinctive per run (tests/run-all.ts sets them) so the leak
    // checks search for exactly these: the legacy key, the archive's AUTH_KEY_SECRET, the gateway URL's path.
    legacyEmail: "secrets-e2e@sandbox.preflight.test",
    legacyKey: process.env.E2E_LEGACY_KEY ?? "preflight-e2e-legacy-key-9d27c4b1",
    authKeySecret: process.env.E2E_AUTH_KEY_SECRET ?? "preflight-e2e-archive-secret-61be0f72",
    gatewayNetwork: process.env.E2E_GATEWAY_NETWORK ?? "preflight-e2e-gw-3a8e51d0",
    /** A second server on the same sandbox, configured with the legacy e-mail + key pair. */
    legacyPort: Number(process.env.E2E_LEGACY_PORT ?? 3211) + offset,
    /** Where the servers' stdout and stderr go during the suite: the leak checks read them. */
    serverLog: `test-results/${runtimePrefix}e2e-server${suffix}.log`,
    /** Every host:port the main server's processes connected to (tests/e2e/outbound-hosts.mjs). */
    outboundLog: `test-results/${runtimePrefix}outbound-hosts${suffix}.log`,
    legacyServerLog: `test-results/${runtimePrefix}e2e-legacy-server${suffix}.log`,
    /**
     * Debian's headless shell (package chromium-headless-shell), the same Chromium build without the browser's UI
     * process work: the crawl specs spent 76 CPU s in it against 95 in the full browser (2026-11-28). Playwright's own
     * headless runs use this kind of binary too. The quick bench's page figures keep the full browser users run.
     */
    chromiumPath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
    /** The full browser, for figures of what a user's browser does (tests/bench/page-figures.ts). */
    browserPath: process.env.CHROMIUM_BROWSER_PATH ?? "/usr/bin/chromium",
    get baseUrl() {
      return `http://127.0.0.1:${this.port}`;
    },
    get sandboxUrl() {
      return `http://127.0.0.1:${this.sandboxPort}`;
    },
    /** The demo gateway's policy layer. */
    get gatewayOrigin() {
      return `http://127.0.0.1:${this.gatewayPort}`;
    },
    /** The ETH_GATEWAY_URL both servers get: the demo gateway under a network name no page should ever show. */
    get gatewayUrl() {
      return `${this.gatewayOrigin}/v1/${this.gatewayNetwork}`;
    },
    get legacyBaseUrl() {
      return `http://127.0.0.1:${this.legacyPort}`;
    },
  };
}

/** The stack of this worker (Playwright's TEST_PARALLEL_INDEX; 0 outside a worker: the config, the load test). */
export const E2E = e2eStack(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
