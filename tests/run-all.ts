// `npm test`: every check, each as soon as the steps it comes after have ended (typecheck, lint, format, prism, audit,
// build, unit and integration, load, the quick bench, e2e in Chromium, the edge smoke run), installing
// Debian's chromium first when it is missing and we are root. Ends with each step's wall and CPU time, the failed tests' names
// and one "N passed, N failed" line.
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { run } from "@/lib/dev/launcher/processes";
import { E2E } from "@/tests/e2e/environment";
import { namedFailures, playwrightFailures, vitestFailures } from "@/tests/tools/failed-tests";
import { formatStepTable, runMeasured, StepCpu, type Measured, type StepTime } from "@/tests/tools/step-times";

const bin = (name: string) => `node_modules/.bin/${name}`;
// A fresh token per run, present while building too: the e2e leak checks look for exactly this string.
const token = `preflight-e2e-${randomBytes(12).toString("hex")}`;
const env = {
  NEXT_TELEMETRY_DISABLED: "1",
  E2E_API_TOKEN: token,
  SANDBOX_API_TOKEN: token,
  // The other secrets, as fresh and as searchable (tests/e2e/secrets.spec.ts).
  E2E_LEGACY_KEY: `preflight-legacy-${randomBytes(12).toString("hex")}`,
  E2E_AUTH_KEY_SECRET: `preflight-archive-${randomBytes(12).toString("hex")}`,
  E2E_GATEWAY_NETWORK: `preflight-gw-${randomBytes(8).toString("hex")}`,
};

/** What OpenNext's build sets before it runs `next build` (@opennextjs/aws build/buildNextApp.js setStandaloneBuildMode). */
const STANDALONE = { NEXT_PRIVATE_STANDALONE: "true", NEXT_PRIVATE_OUTPUT_TRACE_ROOT: process.cwd() };

/** Debian's packages for the browser steps: the headless shell (e2e, edge) and the full browser (the bench's page figures). */
const CHROMIUM_PACKAGES = [
  { name: "chromium-headless-shell", path: E2E.chromiumPath },
  { name: "chromium", path: E2E.browserPath },
];

async function ensureChromium(): Promise<boolean> {
  const missing = CHROMIUM_PACKAGES.filter((pkg) => !existsSync(pkg.path));
  if (missing.length === 0) return true;
  const names = missing.map((pkg) => pkg.name).join(" ");
  if (process.getuid?.() !== 0) {
    console.error(
      `The browser tests need Debian's ${names} (${missing.map((pkg) => pkg.path).join(", ")}). Install it with:\n` +
        `  sudo apt-get install -y ${names}\n(or set CHROMIUM_PATH / CHROMIUM_BROWSER_PATH to Chromium binaries).`,
    );
    return false;
  }
  console.log(`Installing Debian's ${names} for the browser tests…`);
  const apt = { DEBIAN_FRONTEND: "noninteractive" };
  const update = await run("apt-get", ["update"], apt);
  const install = update === 0 ? await run("apt-get", ["install", "-y", ...missing.map((pkg) => pkg.name)], apt) : update;
  return install === 0 && missing.every((pkg) => existsSync(pkg.path));
}

interface Step {
  name: string;
  run: () => Promise<number | Measured>;
  /**
   * The steps that must have ended before this one starts; it starts as soon as they have, beside whatever else is
   * running then (docs/testing.md says which steps may share the machine and why). Such steps measure their own CPU
   * (runMeasured).
   */
  after?: string[];
  /** Nothing runs beside it (every other step ends before it starts or starts after it ends): the runner measures it. */
  alone?: true;
}

const CHECKS = ["typecheck", "lint", "format", "prism", "audit"];

/** A step's command, measured on its own so that it can run beside others. */
const measured = (command: string, args: string[], stepEnv?: Record<string, string>) => () => runMeasured(command, args, stepEnv);

const steps: Step[] = [
  // The three checkers are single-threaded and quiet when they pass; Prism's scenarios and the audit take a few seconds
  // each and read nothing the others write: all five share the two cores.
  { name: "typecheck", run: measured(bin("tsc"), ["--noEmit"]) },
  // ESLint, then no import cycle among the app's modules (tests/tools/import-cycles.ts): either fails it.
  {
    name: "lint",
    run: async () => {
      const eslint = await runMeasured(bin("eslint"), ["--max-warnings", "0", "."]);
      const cycles = await runMeasured(bin("tsx"), ["tests/tools/import-cycles.ts"]);
      return { code: Math.max(eslint.code, cycles.code), cpuSeconds: eslint.cpuSeconds + cycles.cpuSeconds };
    },
  },
  // One format for every file (.prettierrc.json): `npx prettier --write .` fixes what this reports. Then no source line
  // over 160 characters (tests/tools/long-lines.ts): Prettier leaves long strings and comments whole. Both run, either fails it.
  {
    name: "format",
    run: async () => {
      const prettier = await runMeasured(bin("prettier"), ["--check", "--log-level", "warn", "."]);
      const lines = await runMeasured(bin("tsx"), ["tests/tools/long-lines.ts"]);
      return { code: Math.max(prettier.code, lines.code), cpuSeconds: prettier.cpuSeconds + lines.cpuSeconds };
    },
  },
  // Preflight against Prism serving the real OpenAPI operations it calls (tests/prism): every request validates.
  { name: "prism", run: measured(bin("tsx"), ["--conditions=react-server", "tests/prism/run.ts"]) },
  // No high or critical advisory in the shipped dependencies (says so when the registry has no advisory service).
  { name: "audit", run: measured(bin("tsx"), ["tests/audit/run.ts"]) },
  // Built as OpenNext builds it (standalone output, traced from this folder), so the edge step reuses this build instead
  // of running `next build` a second time; `next start` serves it for e2e and load as it serves any build.
  // Not beside the checks: it writes next-env.d.ts, which makes tsc read .next/types/routes.d.ts, so a typecheck beside
  // it could read that file half written; and side by side the two took 71 s against 73 one after the other (ci34).
  // The typecheck step has checked the same files with the same tsconfig: the build skips its own pass (next.config.mjs).
  {
    name: "build",
    after: CHECKS,
    alone: true,
    run: () => run(bin("next"), ["build"], { ...env, ...STANDALONE, PREFLIGHT_TYPES_CHECKED: "1" }),
  },
  { name: "chromium", after: ["build"], alone: true, run: async () => ((await ensureChromium()) ? 0 : 1) },
  // Vitest keeps about 1.6 cores busy (one worker per core), the load test about 0.75 (50 clients against one server),
  // then the quick bench: side by side they fill the two cores. Not beside e2e: there, e2e's specs waited on the cores past their 30 s
  // conditions (768 s and 5 specs failed on time, against 530 s without Vitest; 2026-11-28).
  {
    name: "unit",
    after: ["chromium"],
    run: measured(bin("vitest"), ["run", "--reporter=default", "--reporter=json", "--outputFile.json=test-results/unit.json"]),
  },
  // 50 clients on the e2e ports (before e2e starts its servers there): fails on any error or memory growth, never on time.
  { name: "load", after: ["chromium"], run: measured(bin("tsx"), ["tests/load/run.ts"], env) },
  // The quick bench mostly waits (its scans' latency, the rate limit, the gateway): 50 CPU s in 160 s. Once the load test
  // has ended it fills what Vitest's two workers leave of the cores, instead of taking cores from e2e and edge (its own
  // ports; fails only when the benchmark machinery breaks, never on a budget).
  { name: "bench (quick)", after: ["load"], run: measured(bin("tsx"), ["tests/bench/run.ts", "--quick"]) },
  // e2e runs two Playwright workers, each on a stack of servers of its own (the crawl specs in one, the workflows in the
  // other: playwright.config.ts), and its specs spend much of their time with Chromium and the servers waiting on each
  // other; beside it runs edge (OpenNext bundles the build step's output, no second next build, then the smoke specs in
  // local workerd and the two-isolate test, on ports of their own). The two-isolate test's wall-time ratio is set by the
  // rate limit it waits on, not by the cores: 0.83 against its 1.1 on a machine loaded 7 to 20 times over.
  { name: "e2e", after: ["unit", "load"], run: measured(bin("playwright"), ["test"], env) },
  { name: "edge", after: ["unit", "load"], run: measured(bin("tsx"), ["tests/edge/run.ts", "--reuse-next-build"], env) },
];

async function main() {
  rmSync("test-results", { recursive: true, force: true });
  const chosen = steps.filter((step) => chosenNames().includes(step.name));
  const failed: string[] = [];
  const suiteStarted = Date.now();
  const times = await runSteps(chosen, failed);
  // CPU s: user+sys of the step's processes, which other people's load on the machine barely changes (docs/testing.md).
  console.log(`\n${formatStepTable(times, (Date.now() - suiteStarted) / 1000)}`);
  const counts = countTests();
  // Last, because CI shows only the tail: which tests failed, by file and title, not just how many.
  const names = failedTestNames();
  // Steps with no report of their own (the checkers, load, audit…): their output above says why.
  const unnamed = failed.filter((step) => !names.some((name) => name.startsWith(`${step}:`) || name.startsWith(`${step} (`)));
  names.push(
    ...unnamed.map((step) =>
      step.endsWith(" (not run)")
        ? `${step.slice(0, -" (not run)".length)}: not run (a step it needs failed)`
        : `${step}: the step failed (no per-test report: see its output above)`,
    ),
  );
  if (names.length) console.log(`\nFailed tests:\n${names.map((name) => `  ✘ ${name}`).join("\n")}`);
  console.log(`\nSteps failed: ${failed.length ? failed.join(", ") : "none"}`);
  console.log(`${counts.passed} passed, ${counts.failed + (counts.failed === 0 && failed.length ? 1 : 0)} failed`);
  process.exit(failed.length ? 1 : 0);
}

/**
 * Runs every step as soon as the steps it comes after (those chosen) have ended; the times in the steps' order. A step
 * that needs the build or the browser is not run when that step failed; `failed` gets each failed or skipped step.
 */
function runSteps(chosen: Step[], failed: string[]): Promise<StepTime[]> {
  const wanted = new Set(chosen.map((step) => step.name));
  const waits = new Map(chosen.map((step) => [step.name, waitsFor(step, wanted)]));
  const started = new Set<string>();
  const times: StepTime[] = [];
  return new Promise((allEnded) => {
    const startReady = () => {
      if (times.length === chosen.length) {
        const order = (time: StepTime) => chosen.findIndex((step) => step.name === time.name);
        return allEnded(times.sort((a, b) => order(a) - order(b)));
      }
      const ended = new Set(times.map((time) => time.name));
      for (const step of chosen) {
        if (started.has(step.name) || !waits.get(step.name)!.every((name) => ended.has(name))) continue;
        started.add(step.name);
        const needsBuild = step.name === "e2e" || step.name === "load" || step.name === "edge";
        const needsChromium = step.name === "e2e" || step.name === "edge" || step.name === "bench (quick)";
        const skipped = (needsBuild && failed.includes("build")) || (needsChromium && failed.includes("chromium"));
        const outcome: Promise<StepTime> = skipped
          ? Promise.resolve({ name: step.name, wallSeconds: 0, cpuSeconds: 0, code: "not run" })
          : runStep(step).catch((error: unknown) => {
              console.error(`${step.name} could not run: ${error instanceof Error ? error.message : String(error)}`);
              return { name: step.name, wallSeconds: 0, cpuSeconds: 0, code: 1 };
            });
        void outcome.then((time) => {
          if (time.code === "not run") failed.push(`${step.name} (not run)`);
          else if (time.code !== 0) failed.push(step.name);
          times.push(time);
          startReady();
        });
      }
    };
    startReady();
  });
}

/**
 * The chosen steps `step` waits for: those it comes after, and in place of one not chosen, the steps that one comes
 * after (so `--only=build,e2e` still runs e2e after the build). Steps come after earlier steps only: no cycle.
 */
function waitsFor(step: Step, wanted: Set<string>): string[] {
  return (step.after ?? []).flatMap((name) => {
    const before = steps.slice(0, steps.indexOf(step)).find((earlier) => earlier.name === name);
    if (!before) throw new Error(`step ${step.name} comes after ${name}, which is not a step before it`);
    return wanted.has(name) ? [name] : waitsFor(before, wanted);
  });
}

/** `npm test -- --only=lint,unit`: those steps alone, as the full run runs them; every step without it. */
function chosenNames(): string[] {
  const only = process.argv.find((arg) => arg.startsWith("--only="));
  return only ? only.slice("--only=".length).split(",") : steps.map((step) => step.name);
}

async function runStep(step: Step): Promise<StepTime> {
  const started = Date.now();
  // A step alone is measured by the runner (everything below it); the others measure themselves (runMeasured).
  const cpu = step.alone ? new StepCpu() : undefined;
  console.log(`\n▶ ${step.name}`);
  const outcome = await step.run();
  const measured = typeof outcome === "number" ? { code: outcome, cpuSeconds: cpu?.stop() ?? 0 } : outcome;
  const time = { name: step.name, wallSeconds: (Date.now() - started) / 1000, ...measured };
  console.log(`${time.code === 0 ? "✔" : "✘"} ${step.name} (${time.wallSeconds.toFixed(1)} s, CPU ${time.cpuSeconds.toFixed(1)} s)`);
  return time;
}

/** Sums the unit, Prism and e2e results from the runners' JSON reports. */
function countTests() {
  let passed = 0;
  let failed = 0;
  const unit = readJson("test-results/unit.json") as { numPassedTests?: number; numFailedTests?: number } | undefined;
  passed += unit?.numPassedTests ?? 0;
  failed += unit?.numFailedTests ?? 0;
  const prism = readJson("test-results/prism.json") as { passed?: number; failed?: number } | undefined;
  passed += prism?.passed ?? 0;
  failed += prism?.failed ?? 0;
  const twoIsolate = readJson("test-results/two-isolate.json") as { passed?: number; failed?: number } | undefined;
  passed += twoIsolate?.passed ?? 0;
  failed += twoIsolate?.failed ?? 0;
  for (const report of ["test-results/e2e.json", "test-results/edge.json"]) {
    const e2e = readJson(report) as { stats?: { expected?: number; unexpected?: number; flaky?: number } } | undefined;
    passed += (e2e?.stats?.expected ?? 0) + (e2e?.stats?.flaky ?? 0);
    failed += e2e?.stats?.unexpected ?? 0;
  }
  return { passed, failed };
}

function failedTestNames(): string[] {
  return [
    ...vitestFailures(readJson("test-results/unit.json")).map((name) => `unit: ${name}`),
    ...namedFailures(readJson("test-results/prism.json")).map((name) => `prism: ${name}`),
    ...playwrightFailures(readJson("test-results/e2e.json")).map((name) => `e2e: ${name}`),
    ...playwrightFailures(readJson("test-results/edge.json")).map((name) => `edge: ${name}`),
    ...namedFailures(readJson("test-results/two-isolate.json")).map((name) => `edge (two-isolate test): ${name}`),
  ];
}

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return undefined;
  }
}

void main();
