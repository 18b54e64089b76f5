// Two isolates of the built worker, as two `wrangler dev` processes under different names: the first hosts the
// limit's Durable Object, the second binds it by `script_name` through one shared dev registry (a temporary
// folder). Both scan one sandbox account; every process is started here and stopped by PID.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CONFIG_VARIABLES } from "@/lib/config-schema";
import { workerVariables, writeSecretsFile } from "@/lib/dev/edge/dev-vars";
import { startService, stopServices, waitForHttp, type Service } from "@/lib/dev/launcher/processes";

export interface IsolatePorts {
  /** The first worker's port; the second listens on +1, their inspectors on +2 and +3. */
  workers: number;
  sandbox: number;
}

export interface Pair {
  sandboxUrl: string;
  workerUrls: [string, string];
  stop(): Promise<void>;
}

const root = process.cwd();
/** Pairs still running, so a signal stops their processes too. */
const running = new Set<Pair>();

/** Stops every pair this process started (on SIGINT/SIGTERM). */
export async function stopAllPairs(): Promise<void> {
  await Promise.all([...running].map((pair) => pair.stop()));
}
const bin = (name: string) => join(root, "node_modules", ".bin", name);

/** The second worker: the same entry and assets, its own name, the first worker's object by script_name. */
function secondConfig(dir: string): string {
  const path = join(dir, "wrangler.second.json");
  const config = {
    name: "preflight-second-isolate",
    main: join(root, "lib/edge/worker.ts"),
    compatibility_date: "2026-04-20",
    compatibility_flags: ["nodejs_compat"],
    assets: { directory: join(root, ".open-next/assets"), binding: "ASSETS" },
    r2_buckets: [{ binding: "BUCKET", bucket_name: "preflight" }],
    durable_objects: { bindings: [{ name: "RATE_LIMITS", class_name: "AccountRateLimit", script_name: "preflight" }] },
  };
  writeFileSync(path, JSON.stringify(config, null, 2));
  return path;
}

export async function startPair(options: {
  ports: IsolatePorts;
  token: string;
  zones: number;
  limit: { requests: number; windowSeconds: number };
  shared: boolean;
}): Promise<Pair> {
  const { ports, token, limit } = options;
  const services: Service[] = [];
  const dir = mkdtempSync(join(tmpdir(), "preflight-isolates-"));
  const secrets = writeSecretsFile(
    workerVariables(
      CONFIG_VARIABLES,
      {},
      {
        SANDBOX_PORT: String(ports.sandbox),
        SANDBOX_API_TOKEN: token,
        ACCOUNT_RATE_LIMIT: String(limit.requests),
        ACCOUNT_RATE_WINDOW_SECONDS: String(limit.windowSeconds),
        PREFLIGHT_SHARED_LIMITS: options.shared ? "on" : "off",
      },
    ),
  );
  const stop = async () => {
    running.delete(pair);
    await stopServices(services);
    secrets.remove();
    rmSync(dir, { recursive: true, force: true });
  };
  const pair: Pair = { sandboxUrl: "", workerUrls: ["", ""], stop };
  running.add(pair);
  try {
    services.push(
      startService("sandbox", bin("tsx"), ["lib/dev/sandbox/main.ts"], {
        quiet: true,
        env: {
          SANDBOX_PORT: String(ports.sandbox),
          SANDBOX_API_TOKEN: token,
          SANDBOX_ZONES: String(options.zones),
          SANDBOX_ACCOUNTS: "security",
          SANDBOX_RATE_LIMIT: String(limit.requests),
          SANDBOX_RATE_WINDOW_SECONDS: String(limit.windowSeconds),
        },
      }),
    );
    const sandboxUrl = `http://127.0.0.1:${ports.sandbox}`;
    await waitForHttp(services[0]!, `${sandboxUrl}/__sandbox/health`, 60_000);
    // One registry for both processes: the second finds the first's object there.
    // CLOUDFLARE_CF_FETCH_ENABLED=false: Miniflare's placeholder `request.cf`, no attempt to download the real one.
    const env = { WRANGLER_SEND_METRICS: "false", WRANGLER_REGISTRY_PATH: join(dir, "registry"), CLOUDFLARE_CF_FETCH_ENABLED: "false" };
    const worker = (name: string, config: string, port: number, inspector: number) =>
      startService(
        name,
        bin("wrangler"),
        [
          "dev",
          "-c",
          config,
          "--ip",
          "127.0.0.1",
          "--port",
          String(port),
          "--inspector-port",
          String(inspector),
          "--env-file",
          secrets.path,
          "--persist-to",
          join(dir, name),
          "--show-interactive-dev-session=false",
          "--live-reload=false",
          "--log-level",
          "warn",
        ],
        { env },
      );
    const first = worker("first isolate", join(root, "wrangler.jsonc"), ports.workers, ports.workers + 2);
    services.push(first);
    await waitForHttp(first, `http://127.0.0.1:${ports.workers}/api/health`, 180_000);
    const second = worker("second isolate", secondConfig(dir), ports.workers + 1, ports.workers + 3);
    services.push(second);
    await waitForHttp(second, `http://127.0.0.1:${ports.workers + 1}/api/health`, 180_000);
    pair.sandboxUrl = sandboxUrl;
    pair.workerUrls = [`http://127.0.0.1:${ports.workers}`, `http://127.0.0.1:${ports.workers + 1}`];
    return pair;
  } catch (error) {
    await stop();
    throw error;
  }
}
