// `npm run build:edge`: OpenNext's build for the edge runtime (it runs `npm run build` itself), then the
// worker bundled exactly as `wrangler deploy` would upload it, and its gzipped size printed and checked.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { run } from "@/lib/dev/launcher/processes";
import { bundledModules, MAX_WORKER_GZIP_BYTES, workerSize } from "@/lib/dev/edge/worker-size";
import { devLeaks } from "@/lib/dev/edge/dev-leaks";

const root = process.cwd();
const bin = (name: string) => join(root, "node_modules", ".bin", name);
const env = { NEXT_TELEMETRY_DISABLED: "1", WRANGLER_SEND_METRICS: "false" };
export const WORKER_OUT_DIR = join(root, ".open-next", "deploy");

async function main() {
  const started = Date.now();
  // Extra arguments go to OpenNext (`--skipNextBuild` when .next was already built in standalone mode).
  if ((await run(bin("opennextjs-cloudflare"), ["build", ...process.argv.slice(2)], env)) !== 0) process.exit(1);
  assertNoNodeOnlyModules();
  assertNoDevModules();
  // A dry run bundles the custom entry with OpenNext's worker and writes what would be uploaded.
  if ((await run(bin("wrangler"), ["deploy", "--dry-run", "--outdir", WORKER_OUT_DIR], env)) !== 0) process.exit(1);
  const size = workerSize(bundledModules(WORKER_OUT_DIR));
  const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
  console.log(
    `\nWorker size: ${mib(size.raw)} raw, ${mib(size.gzip)} gzipped (limit ${mib(MAX_WORKER_GZIP_BYTES)}); ` +
      `built in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  if (size.gzip >= MAX_WORKER_GZIP_BYTES) {
    console.error(`The worker is too large: ${mib(size.gzip)} gzipped, the limit is under ${mib(MAX_WORKER_GZIP_BYTES)}.`);
    process.exit(1);
  }
}

/** Miniflare (the Node-only local bucket) must never reach the worker: it would not run there and weighs MiBs. */
function assertNoNodeOnlyModules() {
  const meta = join(root, ".open-next", "server-functions", "default", "handler.mjs.meta.json");
  if (!existsSync(meta)) return;
  const inputs = Object.keys((JSON.parse(readFileSync(meta, "utf8")) as { inputs: Record<string, unknown> }).inputs);
  const leaked = inputs.find((path) => path.includes("node_modules/miniflare/"));
  if (leaked) {
    console.error(`The worker bundle includes a Node-only module (${leaked}): load it only on Node.`);
    process.exit(1);
  }
}

/** lib/dev never ships: lint keeps product code from importing it, and this proves the bundler pulled none of it in. */
function assertNoDevModules() {
  const leaks = devLeaks(join(root, ".open-next"));
  for (const leak of leaks) console.error(`.open-next/${leak.file} names lib/dev: ${leak.paths.join(", ")}`);
  if (leaks.length > 0) process.exit(1);
  console.log("No lib/dev module in the worker's output.");
}

void main();
