// Specs that stop servers or need a differently seeded account start their own: a sandbox and a
// `next start` of the same build, on ports of their own (E2E_EXTRA_PORTS, else any free port), with a
// bucket folder of their own. Stopped by PID (the whole process group), never by name.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { E2E } from "./environment";

export interface OwnServer {
  url: string;
  port: number;
  child: ChildProcess;
  /** SIGKILL to the process group: no graceful shutdown, as a crash. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

const extra = (process.env.E2E_EXTRA_PORTS ?? "").split(",").filter(Boolean).map(Number);

/** The next port of E2E_EXTRA_PORTS, or one the OS says is free now. */
export async function freePort(): Promise<number> {
  const next = extra.shift();
  if (next) return next;
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function launch(command: string, args: string[], env: Record<string, string>, port: number, health: string): Promise<OwnServer> {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "inherit"], detached: true });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const signal = async (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      return; // already gone
    }
    await exited;
  };
  const server: OwnServer = { url, port, child, kill: () => signal("SIGKILL"), stop: () => signal("SIGTERM") };
  return (async () => {
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`${command} exited before it was ready`);
      const ok = await fetch(`${url}${health}`, { signal: AbortSignal.timeout(2000) })
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) return server;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await server.kill();
    throw new Error(`${command} did not answer on ${url}${health}`);
  })();
}

export async function startOwnSandbox(env: Record<string, string> = {}): Promise<OwnServer> {
  const port = await freePort();
  // One account unless a spec asks for more (SANDBOX_ACCOUNTS in `env`).
  const vars = {
    SANDBOX_PORT: String(port),
    SANDBOX_API_TOKEN: E2E.apiToken,
    SANDBOX_RATE_LIMIT: "0",
    SANDBOX_ACCOUNTS: "security",
    ...env,
  };
  return launch("node_modules/.bin/tsx", ["lib/dev/sandbox/main.ts"], vars, port, "/__sandbox/health");
}

export const newDataDir = () => mkdtempSync(join(tmpdir(), "preflight-e2e-own-"));

/** `next start` of the suite's build, on the given sandbox. */
export async function startOwnPreflight(
  sandboxPort: number,
  dataDir: string,
  env: Record<string, string> = {},
  port?: number,
): Promise<OwnServer> {
  const own = port ?? (await freePort());
  const vars = {
    NEXT_TELEMETRY_DISABLED: "1",
    SANDBOX_PORT: String(sandboxPort),
    SANDBOX_API_TOKEN: E2E.apiToken,
    SANDBOX_ACCOUNTS: "security",
    CLOUDFLARE_API_TOKEN: "",
    CLOUDFLARE_API_EMAIL: "",
    CLOUDFLARE_API_KEY: "",
    CLOUDFLARE_API_BASE_URL: "",
    CLOUDFLARE_ACCOUNT_ID: "",
    ETH_GATEWAY_URL: "",
    ACCOUNT_RATE_LIMIT: "1000000",
    PREFLIGHT_DATA_DIR: dataDir,
    ...env,
  };
  return launch("node_modules/.bin/next", ["start", "-p", String(own), "-H", "127.0.0.1"], vars, own, "/api/health");
}
