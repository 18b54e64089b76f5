// The servers a benchmark needs, each a real process on 127.0.0.1 started through the launcher's helpers
// (stopped by PID, never by name): the sandbox account, the demo gateway and Preflight's production server.
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startService, stopServices, waitForHttp, type Service } from "@/lib/dev/launcher/processes";

/**
 * Ports reserved for the benchmarks (other suites use 3210/8791/18545…). `BENCH_PORT_BASE=4200`: eight ports
 * from that base instead, for a second bench on the same machine (another worktree's, or beside a test run).
 */
const base = Number(process.env.BENCH_PORT_BASE ?? "") || undefined;
export const BENCH_PORTS = base
  ? {
      preflight: base,
      sandbox: base + 1,
      anvil: base + 2,
      gateway: base + 3,
      hop: base + 4,
      isolates: base + 5,
      isolatesSandbox: base + 6,
      passthrough: base + 7,
    }
  : ({
      preflight: 3260,
      sandbox: 8796,
      anvil: 18551,
      gateway: 18552,
      hop: 18553,
      isolates: 3270,
      isolatesSandbox: 8797,
      passthrough: 3261,
    } as const);
export const BENCH_TOKEN = "preflight-bench-token-5c1e7a9d";

const bin = (name: string) => `${process.cwd()}/node_modules/.bin/${name}`;

export interface SandboxSettings {
  zones: number;
  latencyMs?: number;
  /** Requests per window; 0 disables the sandbox's limit. */
  rateLimit?: number;
  rateWindowSeconds?: number;
}

export interface Running {
  url: string;
  service: Service;
  /** Where the server's probe (lib/server-probe.mjs) writes its GC totals and heap profiles. */
  probeDir?: string;
}

export async function startBenchSandbox(settings: SandboxSettings): Promise<Running> {
  const service = startService("sandbox", bin("tsx"), ["lib/dev/sandbox/main.ts"], {
    quiet: true,
    env: {
      SANDBOX_PORT: String(BENCH_PORTS.sandbox),
      SANDBOX_API_TOKEN: BENCH_TOKEN,
      SANDBOX_ZONES: String(settings.zones),
      SANDBOX_ACCOUNTS: "security",
      SANDBOX_LATENCY_MS: String(settings.latencyMs ?? 0),
      SANDBOX_RATE_LIMIT: String(settings.rateLimit ?? 0),
      SANDBOX_RATE_WINDOW_SECONDS: String(settings.rateWindowSeconds ?? 300),
    },
  });
  const url = `http://127.0.0.1:${BENCH_PORTS.sandbox}`;
  await waitForHttp(service, `${url}/__sandbox/health`, 60_000).catch(stopAndRethrow(service));
  return { url, service };
}

export async function startBenchGateway(options: { tailBlocks: number }): Promise<Running> {
  const service = startService("demo gateway", bin("tsx"), ["lib/dev/gateway/main.ts"], {
    quiet: true,
    env: {
      ANVIL_PORT: String(BENCH_PORTS.anvil),
      GATEWAY_PORT: String(BENCH_PORTS.gateway),
      DEMO_GATEWAY_BENCH_SEED: "1",
      DEMO_GATEWAY_BENCH_TAIL: String(options.tailBlocks),
    },
  });
  const url = `http://127.0.0.1:${BENCH_PORTS.gateway}`;
  // Seeding the dense chain takes minutes on a busy machine.
  await waitForHttp(service, `${url}/__gateway/health`, 900_000).catch(stopAndRethrow(service));
  return { url, service };
}

/**
 * Preflight's production server (`next start`) on the sandbox account; the build must exist. `at`: another
 * project directory's build on another port (a diagnostic comparing two builds in the same rounds); `nodeFlags`:
 * flags for the server's node (a diagnostic's --cpu-prof).
 */
export async function startBenchPreflight(
  env: Record<string, string> = {},
  at: { dir?: string; port?: number; nodeFlags?: string[] } = {},
): Promise<Running> {
  const dir = at.dir ?? ".";
  const port = at.port ?? BENCH_PORTS.preflight;
  if (!existsSync(`${dir}/.next/BUILD_ID`)) throw new Error("no production build: run `npx next build` first (npm run bench does)");
  const probeDir = mkdtempSync(join(tmpdir(), "preflight-bench-probe-"));
  // The build's own `next` (the bench build has its own packages: two Next instances break its request store).
  const next = at.dir && existsSync(join(at.dir, "node_modules/.bin/next")) ? join(at.dir, "node_modules/.bin/next") : bin("next");
  const args = ["start", dir, "--hostname", "127.0.0.1", "--port", String(port)];
  // Node's own flags (--cpu-prof is refused in NODE_OPTIONS): Next's CLI run by node directly.
  const [command, commandArgs] = at.nodeFlags ? [process.execPath, [...at.nodeFlags, next, ...args]] : [next, args];
  const service = startService("preflight", command, commandArgs, {
    quiet: true,
    env: {
      NEXT_TELEMETRY_DISABLED: "1",
      NODE_ENV: "production",
      CLOUDFLARE_API_TOKEN: "",
      CLOUDFLARE_API_EMAIL: "",
      CLOUDFLARE_API_KEY: "",
      CLOUDFLARE_API_BASE_URL: "",
      CLOUDFLARE_ACCOUNT_ID: "",
      SANDBOX_PORT: String(BENCH_PORTS.sandbox),
      SANDBOX_API_TOKEN: BENCH_TOKEN,
      ETH_GATEWAY_URL: `http://127.0.0.1:${BENCH_PORTS.gateway}/v1/anvil`,
      ACCOUNT_RATE_LIMIT: "1000000",
      ACCOUNT_RATE_WINDOW_SECONDS: "300",
      // BENCH_SERVER_NODE_OPTIONS: V8 flags for the server alone (a diagnostic's what-if, never a figure's setting).
      NODE_OPTIONS: [
        process.env.NODE_OPTIONS,
        process.env.BENCH_SERVER_NODE_OPTIONS,
        `--import ${join(process.cwd(), "tests/bench/lib/server-probe.mjs")}`,
      ]
        .filter(Boolean)
        .join(" "),
      BENCH_PROBE_DIR: probeDir,
      ...env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(service, `${url}/api/health`, 60_000).catch(stopAndRethrow(service));
  return { url, service, probeDir };
}

/** A service that never became ready is stopped too (its caller has nothing to pass to stopAll). */
const stopAndRethrow = (service: Service) => async (error: unknown) => {
  await stopServices([service]);
  throw error;
};

export async function stopAll(...running: Array<Running | undefined>): Promise<void> {
  await stopServices(running.filter((r): r is Running => r !== undefined).map((r) => r.service));
}
