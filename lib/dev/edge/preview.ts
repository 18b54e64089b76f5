// `npm run preview:edge`: the OpenNext build served by local workerd (wrangler dev) on 127.0.0.1, with the
// bucket binding persisted locally, the configuration as the worker's secrets, and the sandbox and demo
// gateway as its upstreams. Builds first when no edge build exists. Ctrl-C stops every process it started.
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { accountVariables, CONFIG_VARIABLES, DEFAULT_ANVIL_PORT, DEFAULT_GATEWAY_PORT, DEFAULT_SANDBOX_PORT } from "@/lib/config-schema";
import { workerVariables, writeSecretsFile } from "@/lib/dev/edge/dev-vars";
import { checkConfigOrExit } from "@/lib/startup-check";
import { run, startService, stopServices, waitForHttp, type Service } from "@/lib/dev/launcher/processes";
import { startUpstreams } from "@/lib/dev/launcher/upstreams";

const root = process.cwd();
const bin = (name: string) => join(root, "node_modules", ".bin", name);
const services: Service[] = [];
let removeSecrets = () => {};
let stopping = false;

async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  await stopServices(services);
  removeSecrets();
  process.exit(code);
}

async function main() {
  const config = checkConfigOrExit();
  const port = process.env.PORT ?? "8787";
  const env = { NEXT_TELEMETRY_DISABLED: "1", WRANGLER_SEND_METRICS: "false" };
  if (!existsSync(join(root, ".open-next", "worker.js"))) {
    console.log("Building Preflight for the edge runtime (no edge build yet)…");
    if ((await run("npm", ["run", "build:edge"], env)) !== 0) process.exit(1);
  }
  process.on("SIGINT", () => void stop(130));
  process.on("SIGTERM", () => void stop(143));

  await startUpstreams(config, root, services);

  // Resolved ports, so the worker calls the upstreams this launcher started whatever the defaults.
  const secrets = writeSecretsFile(
    workerVariables([...CONFIG_VARIABLES, ...accountVariables(process.env)], process.env, {
      SANDBOX_PORT: process.env.SANDBOX_PORT || String(DEFAULT_SANDBOX_PORT),
      ANVIL_PORT: process.env.ANVIL_PORT || String(DEFAULT_ANVIL_PORT),
      GATEWAY_PORT: process.env.GATEWAY_PORT || String(DEFAULT_GATEWAY_PORT),
    }),
  );
  removeSecrets = secrets.remove;
  const persistTo = resolve(config.storage.dataDir, "edge");
  const worker = startService(
    "workerd",
    bin("wrangler"),
    [
      "dev",
      "--ip",
      "127.0.0.1",
      "--port",
      port,
      "--env-file",
      secrets.path,
      "--persist-to",
      persistTo,
      "--test-scheduled",
      "--show-interactive-dev-session=false",
      "--live-reload=false",
      "--log-level",
      "warn",
    ],
    // With --env-file, wrangler loads only that file (no .dev.vars or .env beside the config).
    { env },
  );
  services.push(worker);
  await waitForHttp(worker, `http://127.0.0.1:${port}/api/health`, 180_000);
  console.log(
    `\nPreflight (edge runtime, local workerd) is running on http://127.0.0.1:${port} ` +
      `(${config.mode === "sandbox" ? "sandbox account" : "live account"}). Press Ctrl-C to stop.\n`,
  );

  const first = await Promise.race(services.map((s) => s.exited.then((code) => ({ s, code }))));
  if (stopping) return; // a signal is already stopping everything
  console.error(`${first.s.name} exited with code ${first.code}; stopping.`);
  await stop(first.code || 1);
}

main().catch((error: unknown) => {
  console.error(`Preflight could not start: ${error instanceof Error ? error.message : String(error)}`);
  void stop(1);
});
