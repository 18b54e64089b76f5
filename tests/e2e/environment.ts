// Where the e2e suite's servers listen and which sandbox token they share. The test runner sets
// E2E_API_TOKEN to a fresh random value and builds with it in the environment, so the leak checks
// would find it if anything copied it into the client bundle.
export const E2E = {
  port: Number(process.env.E2E_PORT ?? 3210),
  sandboxPort: Number(process.env.E2E_SANDBOX_PORT ?? 8791),
  anvilPort: Number(process.env.E2E_ANVIL_PORT ?? 18545),
  gatewayPort: Number(process.env.E2E_GATEWAY_PORT ?? 18546),
  apiToken: process.env.E2E_API_TOKEN ?? "preflight-e2e-token-4b8d1f0c9e2a",
  chromiumPath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  get baseUrl() {
    return `http://127.0.0.1:${this.port}`;
  },
  get sandboxUrl() {
    return `http://127.0.0.1:${this.sandboxPort}`;
  },
  /** The demo gateway's policy layer; `${gatewayOrigin}/v1/anvil` is the ETH_GATEWAY_URL Preflight gets. */
  get gatewayOrigin() {
    return `http://127.0.0.1:${this.gatewayPort}`;
  },
};
