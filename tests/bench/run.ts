// `npm run bench [-- --quick]`: starts what each figure needs on 127.0.0.1 (sandbox, demo gateway,
// Preflight's production server), runs every measurement several times and prints one line per figure:
// name, median, budget, ok/over. Exits non-zero only when the machinery breaks, never for a budget.
import { cpus } from "node:os";
import { buildIsStale } from "@/lib/dev/launcher/build-state";
import { run } from "@/lib/dev/launcher/processes";
import { figureLine, type Figure } from "./lib/figures";
import { twoIsolatesOneAccount } from "./isolate-figures";
import { pageAtScale } from "./page-figures";
import { scanUnderRateLimit, scanVersusFloorAndScript } from "./scan-figures";
import { traceOverhead } from "./trace-figures";
import { decodeOverhead } from "./decode-figures";

const quick = process.argv.includes("--quick");

/** Full: the sizes. Quick: the same measurements, small enough for `npm test`. */
const plan = quick
  ? {
      scan: { runs: 1, zones: 12 },
      limit: { runs: 1, zones: 3, requests: 12, windowSeconds: 3 },
      traces: { runs: 1, wideRange: 2_000, passthrough: false },
      page: { runs: 1, zones: 240, loadSeconds: 3, heapSummary: false },
      // Two wrangler dev start-ups and an edge build: not small enough for `npm test` (its edge step runs the test).
      isolates: undefined,
    }
  : // 3 runs each (the median of 3); 24 zones need about 2.4 limit windows, enough to cross two resets.
    {
      scan: { runs: 3, zones: 240 },
      limit: { runs: 3, zones: 24, requests: 120, windowSeconds: 30 },
      traces: { runs: 3, wideRange: 10_000, passthrough: true },
      page: { runs: 3, zones: 5000, loadSeconds: 30, heapSummary: true },
      // 2 × 20 zones: about 520 calls (13 a zone), over four windows of 120 per 30 s.
      isolates: { runs: 3, zones: 20, requests: 120, windowSeconds: 30 },
    };

const groups: Array<{ name: string; run: () => Promise<Figure[]> }> = [
  { name: "scan versus floor and SDK script", run: () => scanVersusFloorAndScript(plan.scan) },
  { name: "scan under the rate limit", run: () => scanUnderRateLimit(plan.limit) },
  { name: "trace explorer overhead", run: () => traceOverhead(plan.traces) },
  { name: "trace decoding overhead", run: () => decodeOverhead({ runs: plan.traces.runs }) },
  { name: "page at scale and server under load", run: () => pageAtScale(plan.page) },
  {
    name: "two isolates scanning one account",
    run: async () => {
      if (plan.isolates) return twoIsolatesOneAccount(plan.isolates);
      console.log("  7. two isolates scanning one account: full run only (npm test's edge step runs the two-isolate test)");
      return [];
    },
  },
];

async function main() {
  // `--only=trace,page`: the groups whose names hold any of the words.
  const only = process.argv
    .find((a) => a.startsWith("--only="))
    ?.slice("--only=".length)
    .split(",");
  if (buildIsStale(process.cwd())) {
    console.log("Building Preflight for production (the build is missing or stale)…");
    if ((await run("node_modules/.bin/next", ["build"], { NEXT_TELEMETRY_DISABLED: "1" })) !== 0) process.exit(1);
  }
  console.log(`Preflight benchmarks${quick ? " (quick)" : ""}: ${cpus().length} cores, Node ${process.version}; medians of the runs.\n`);
  const broken: string[] = [];
  for (const group of groups) {
    if (only && !only.some((word) => group.name.includes(word))) continue;
    const started = Date.now();
    try {
      for (const figure of await group.run()) console.log(figureLine(figure));
    } catch (error) {
      broken.push(group.name);
      console.error(`✘ ${group.name}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    }
    console.log(`  (${group.name}: ${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  if (broken.length) {
    console.error(`\nBenchmark machinery failed: ${broken.join(", ")}`);
    process.exit(1);
  }
}

void main();
