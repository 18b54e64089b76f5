// `npm run docs:screenshots`: starts the demo exactly as `npm start` does (lib/dev/launcher/start.ts: the sandbox
// account, the demo gateway and Preflight's production server) on ports of its own with a fresh bucket (the single
// account the docs describe, then once more with the sandbox's three accounts for the scenes that show them), drives it
// in Chromium and writes the pictures the docs show into docs/images/, then stops every process it started.
// It builds nothing: run `npm run build` first when the build is missing or older than the sources.
// `--only <picture>` (e.g. `--only trace-decoding`) runs only the scene that takes it, and retakes that scene's pictures.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildIsStale } from "@/lib/dev/launcher/build-state";
import { startService, stopServices, waitForHttp, type Service } from "@/lib/dev/launcher/processes";
import { launchChromium, screenshotTaker } from "@/tests/docs/browser";
import { demoAccount, type DemoPorts } from "@/tests/docs/demo-account";
import { SCENES } from "@/tests/docs/scenes";
import { IMAGES_DIR } from "@/tests/docs/screenshot-pages";

const root = process.cwd();
const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
// Ports apart from `npm start`'s (3000, 8790, 8545, 8546), so a demo already running is left alone.
const ports: DemoPorts = {
  preflight: port("SCREENSHOTS_PORT", 3300),
  sandbox: port("SCREENSHOTS_SANDBOX_PORT", 3301),
  anvil: port("SCREENSHOTS_ANVIL_PORT", 3302),
  gateway: port("SCREENSHOTS_GATEWAY_PORT", 3303),
};
// A token of this run only: the pictures are checked not to show it.
const token = `preflight-screenshots-${crypto.randomUUID()}`;

/** The scenes to run: all, or the one taking `--only`'s picture. */
function chosenScenes(args: string[]) {
  const at = args.indexOf("--only");
  if (at === -1) return SCENES;
  const wanted = (args[at + 1] ?? "").replace(/\.png$/, "") + ".png";
  const scenes = SCENES.filter((scene) => scene.files.some((file) => file === wanted));
  if (scenes.length === 0) throw new Error(`--only: no scene takes ${wanted} (the pictures: tests/docs/screenshot-pages.ts)`);
  return scenes;
}

async function main(): Promise<number> {
  const scenes = chosenScenes(process.argv.slice(2));
  const expected = scenes.flatMap((scene) => scene.files);
  if (buildIsStale(root)) {
    console.error("The production build is missing or older than the sources: run `npm run build` first.");
    return 1;
  }
  mkdirSync(join(root, IMAGES_DIR), { recursive: true });
  const browser = await launchChromium();
  try {
    const secrets = [token, `127.0.0.1:${ports.gateway}`, `127.0.0.1:${ports.anvil}`];
    const { shot, taken } = screenshotTaker(root, secrets);
    // One demo per set of sandbox accounts the scenes ask for, one after another on the same ports.
    const accountSets = [...new Set(scenes.map((scene) => scene.sandboxAccounts ?? DOCS_ACCOUNTS))];
    for (const sandboxAccounts of accountSets) {
      await withDemo(sandboxAccounts, async (baseUrl) => {
        for (const scene of scenes.filter((s) => (s.sandboxAccounts ?? DOCS_ACCOUNTS) === sandboxAccounts))
          await scene.run(browser, baseUrl, demoAccount(ports, token), shot);
      });
    }
    const missing = expected.filter((file) => !taken.includes(file));
    if (missing.length > 0) throw new Error(`no picture taken for ${missing.join(", ")}`);
  } finally {
    await browser.close();
  }
  return 0;
}

/** The pictures show the single account the docs describe, unless a scene names the sandbox accounts it shows. */
const DOCS_ACCOUNTS = "security";

/** Runs `work` against the demo started as `npm start` starts it, serving `sandboxAccounts`, with a fresh bucket. */
async function withDemo(sandboxAccounts: string, work: (baseUrl: string) => Promise<void>): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), "preflight-screenshots-"));
  const services: Service[] = [];
  // Ctrl-C stops the demo too: the launcher stops what it started.
  const stop = () => void stopServices(services).then(() => process.exit(130));
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, stop);
  try {
    const demo = startService("demo", `${root}/node_modules/.bin/tsx`, ["lib/dev/launcher/start.ts"], {
      quiet: true,
      env: {
        NEXT_TELEMETRY_DISABLED: "1",
        PORT: String(ports.preflight),
        HOST: "127.0.0.1",
        SANDBOX_PORT: String(ports.sandbox),
        SANDBOX_ACCOUNTS: sandboxAccounts,
        ANVIL_PORT: String(ports.anvil),
        GATEWAY_PORT: String(ports.gateway),
        SANDBOX_API_TOKEN: token,
        // The sandbox account with no credentials: demo mode, demo users, the demo gateway.
        CLOUDFLARE_API_TOKEN: "",
        CLOUDFLARE_API_EMAIL: "",
        CLOUDFLARE_API_KEY: "",
        CLOUDFLARE_API_BASE_URL: "",
        CLOUDFLARE_ACCOUNT_ID: "",
        ETH_GATEWAY_URL: "",
        PREFLIGHT_DATA_DIR: dataDir,
        // Several whole-account scans in a few minutes: the pictures are of the pages, not of rate-limit pauses.
        SANDBOX_RATE_LIMIT: "0",
        ACCOUNT_RATE_LIMIT: "100000",
        SANDBOX_GRAPHQL_RATE_LIMIT: "0",
        GRAPHQL_RATE_LIMIT: "100000",
      },
    });
    services.push(demo);
    const baseUrl = `http://127.0.0.1:${ports.preflight}`;
    await waitForHttp(demo, `${baseUrl}/api/health`, 240_000);
    console.log(`The demo (sandbox accounts: ${sandboxAccounts}) is running on ${baseUrl}; taking pictures into ${IMAGES_DIR}/`);
    await work(baseUrl);
  } finally {
    for (const signal of ["SIGINT", "SIGTERM"] as const) process.off(signal, stop);
    // SIGTERM to the launcher, which stops the sandbox, the gateway and the server it started.
    await stopServices(services, 15_000);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`The screenshots failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
