// The demo's upstreams, shared by `npm start` (Node) and `npm run preview:edge` (workerd): the sandbox
// account and the demo gateway (anvil behind the gateway's policy layer), each waited on until it answers.
import { DEFAULT_SANDBOX_PORT, type Config } from "@/lib/config-schema";
import { startService, waitForHttp, type Service } from "@/lib/dev/launcher/processes";
import { DEFAULT_SANDBOX_ACCOUNTS } from "@/lib/accounts/sandbox-accounts";

/** Starts what the configuration needs (nothing on a live account), pushing each service as it starts. */
export async function startUpstreams(config: Config, root: string, services: Service[]): Promise<void> {
  const tsx = `${root}/node_modules/.bin/tsx`;
  if (config.mode === "sandbox") {
    const sandboxPort = process.env.SANDBOX_PORT ?? String(DEFAULT_SANDBOX_PORT);
    // SANDBOX_ACCOUNTS (default: all three accounts) reaches the sandbox and Preflight alike, so both serve the same set.
    const accounts = process.env.SANDBOX_ACCOUNTS ?? DEFAULT_SANDBOX_ACCOUNTS;
    const sandbox = startService("sandbox", tsx, ["lib/dev/sandbox/main.ts"], {
      env: { SANDBOX_PORT: sandboxPort, SANDBOX_ACCOUNTS: accounts },
    });
    services.push(sandbox);
    await waitForHttp(sandbox, `http://127.0.0.1:${sandboxPort}/__sandbox/health`);
  }
  if (config.demoGateway) {
    const { anvilPort, gatewayPort } = config.demoGateway;
    const gateway = startService("demo gateway", tsx, ["lib/dev/gateway/main.ts"], {
      env: { ANVIL_PORT: String(anvilPort), GATEWAY_PORT: String(gatewayPort) },
    });
    services.push(gateway);
    await waitForHttp(gateway, `http://127.0.0.1:${gatewayPort}/__gateway/health`);
  }
}
