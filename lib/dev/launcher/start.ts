// `npm start`: checks the configuration, builds if the build is stale, starts the sandbox and the demo
// gateway (in demo mode) and Preflight's production server, prints the URL, and stops everything on Ctrl-C.
import { DEFAULT_SANDBOX_ACCOUNTS } from "@/lib/accounts/sandbox-accounts";
import { parseConfig } from "@/lib/config-schema";
import { ConfigError } from "@/lib/errors/internal-errors";
import { identityStartupProblem } from "@/lib/identity/config-schema";
import { buildIsStale } from "@/lib/dev/launcher/build-state";
import { run, startService, stopServices, waitForHttp, type Service } from "@/lib/dev/launcher/processes";
import { startUpstreams } from "@/lib/dev/launcher/upstreams";

const root = process.cwd();
const bin = (name: string) => `${root}/node_modules/.bin/${name}`;
const services: Service[] = [];
let stopping = false;

async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  await stopServices(services);
  process.exit(code);
}

async function main() {
  let config;
  try {
    config = parseConfig(process.env);
    const refusal = identityStartupProblem(config.identity);
    if (refusal) throw new ConfigError(refusal.variable, refusal.problem);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Preflight cannot start: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const port = process.env.PORT ?? "3000";
  const host = process.env.HOST ?? "127.0.0.1";
  // The sandbox's accounts reach Preflight as they reach the sandbox (upstreams.ts): every one unless SANDBOX_ACCOUNTS says.
  const env = { NEXT_TELEMETRY_DISABLED: "1", SANDBOX_ACCOUNTS: process.env.SANDBOX_ACCOUNTS ?? DEFAULT_SANDBOX_ACCOUNTS };

  if (buildIsStale(root)) {
    console.log("Building Preflight (the build is missing or older than the sources)…");
    const code = await run(bin("next"), ["build"], env);
    if (code !== 0) process.exit(code);
  }

  process.on("SIGINT", () => void stop(130));
  process.on("SIGTERM", () => void stop(143));

  await startUpstreams(config, root, services);

  const server = startService("preflight", bin("next"), ["start", "--hostname", host, "--port", port], { env });
  services.push(server);
  await waitForHttp(server, `http://${host === "0.0.0.0" ? "127.0.0.1" : host}:${port}/api/health`);
  console.log(
    `\nPreflight is running on http://${host}:${port} (${config.mode === "sandbox" ? "sandbox account" : "live account"}). Press Ctrl-C to stop.\n`,
  );

  // If any process ends on its own, stop the rest: a half-running demo only confuses.
  const first = await Promise.race(services.map((s) => s.exited.then((code) => ({ s, code }))));
  console.error(`${first.s.name} exited with code ${first.code}; stopping.`);
  await stop(first.code || 1);
}

main().catch((error: unknown) => {
  console.error(`Preflight could not start: ${error instanceof Error ? error.message : String(error)}`);
  void stop(1);
});
