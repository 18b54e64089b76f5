// The e2e smoke part (tests tagged @smoke: zones, certificates, traces, one review from creation to
// execution, no token in any response) against the edge build served by local workerd (`preview:edge`).
import "./tests/edge/ports"; // first: the shared config and specs read the edge ports from E2E_*
import { defineConfig } from "@playwright/test";
import base, { sideBySide, stackServers } from "./playwright.config";
import { e2eStack } from "./tests/e2e/environment";

// The first server is Preflight (replaced by the edge preview), the second the demo gateway it calls.
const [webServer, gateway] = stackServers(e2eStack(0));

export default defineConfig({
  ...base,
  // E2E_EDGE_ALL=1 runs the whole suite on the edge build (slower; the smoke part is what CI runs).
  grep: process.env.E2E_EDGE_ALL === "1" ? undefined : /@smoke/,
  // One stack (the edge preview and its gateway, the first two of the base's servers), so one worker.
  workers: 1,
  outputDir: "test-results/edge",
  // workerd's first whole-account scan, beside the Node e2e run and Vitest in `npm test`, took over 15 s (100 of 240
  // zones read at 15 s, machine loaded ten times over): the wait for a condition ends as soon as it holds.
  expect: { timeout: 60_000 },
  timeout: 120_000,
  reporter: [["list"], ["json", { outputFile: "test-results/edge.json" }]],
  webServer: sideBySide([
    {
      ...webServer!,
      // node --import tsx: a signal reaches the launcher itself, which stops wrangler, workerd and the upstreams.
      command: "node --import tsx lib/dev/edge/preview.ts",
      env: { ...webServer!.env, WRANGLER_SEND_METRICS: "false" },
    },
    gateway!,
  ]),
});
