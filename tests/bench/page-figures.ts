// Figures 4 and 6 on one large account: the server's peak memory while it scans every zone (which also
// warms its cache), the Zones page in Chromium on that warm cache, the cached GET /api/zones under load
// as a ratio to GET /api/health under the same load in the same run (autocannon), and the first-load
// JavaScript of each page from the build.
import { chromium, type Page } from "@playwright/test";
import { E2E } from "@/tests/e2e/environment";
import { firstLoadJs } from "./first-load-js";
import { alternatingLoad, type LoadOutcome } from "./lib/alternating-load";
import { median, repeat, type Figure } from "./lib/figures";
import { serverHeapSummary } from "./lib/heap-snapshot";
import { gcTotals } from "./lib/probe";
import { peakRss } from "./lib/rss";
import { startBenchPreflight, startBenchSandbox, stopAll, type Running } from "./lib/services";
import { preflightScan } from "./scan/preflight-scan";

const CHROMIUM = {
  executablePath: E2E.browserPath,
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
};

/**
 * Navigation to the first rows, and a filter keystroke to the rows it leaves, timed in the page: once on a settled
 * page (hydrated, no request in flight), the filter's own cost; once as soon as the first rows show, when the rows
 * come in the HTML and the keystroke can land while the page is still hydrating.
 */
async function measurePage(baseUrl: string, runs: number) {
  const browser = await chromium.launch(CHROMIUM);
  const visit = async (settle: boolean) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const started = performance.now();
    await page.goto(`${baseUrl}/zones`, { waitUntil: "commit" });
    await page.getByTestId("zone-row").first().waitFor({ timeout: 60_000 });
    const firstRowsMs = performance.now() - started;
    await page.getByTestId("zones-count").waitFor();
    if (settle) {
      // React has reached the input (its fiber is attached while hydrating), and then 500 ms pass with nothing in flight:
      // the page's scripts have run and hydration has committed.
      const input = await page.getByLabel("Zone name").elementHandle();
      await page.waitForFunction((node) => Object.keys(node!).some((key) => key.startsWith("__reactFiber")), input);
      await page.waitForLoadState("networkidle");
    }
    const keystrokeMs = await keystroke(page);
    await context.close();
    return { firstRowsMs, keystrokeMs };
  };
  try {
    return await repeat(runs, async () => {
      const early = await visit(false);
      const settled = await visit(true);
      return { firstRowsMs: early.firstRowsMs, keystrokeMs: settled.keystrokeMs, earlyKeystrokeMs: early.keystrokeMs };
    });
  } finally {
    await browser.close();
  }
}

async function keystroke(page: Page): Promise<number> {
  const input = page.getByLabel("Zone name");
  await input.focus();
  // The clock runs inside the page: from the keydown to the frame after the rows changed.
  await page.evaluate(() => {
    const w = window as unknown as { __keyToRows?: Promise<number> };
    const rows = document.querySelector('[data-testid="zones-scroll"]')!;
    w.__keyToRows = new Promise((resolve) => {
      let down = 0;
      document.addEventListener("keydown", () => (down = performance.now()), { once: true, capture: true });
      new MutationObserver((_, observer) => {
        if (!down) return;
        observer.disconnect();
        requestAnimationFrame(() => resolve(performance.now() - down));
      }).observe(rows, { childList: true, subtree: true, characterData: true });
    });
  });
  await page.keyboard.press("q");
  return page.evaluate(() => (window as unknown as { __keyToRows: Promise<number> }).__keyToRows);
}

/** Cached /api/zones and /api/health (the floor: no upstream, no bucket) at 50 connections, alternating in windows of 5 s. */
function zonesAndFloor(server: Running, seconds: number) {
  const windowSeconds = Math.min(5, seconds);
  const windows = Math.max(1, Math.round(seconds / windowSeconds));
  const urls = [`${server.url}/api/zones`, `${server.url}/api/health`] as const;
  return alternatingLoad(urls, {
    windows,
    seconds: windowSeconds,
    connections: 50,
    serverPid: server.service.child.pid,
    probeDir: server.probeDir,
  });
}

const cpuNote = (loads: LoadOutcome[]) =>
  `server CPU ${median(loads.map((l) => l.cpuMsPerAnswer ?? Number.NaN)).toFixed(2)} ms ` +
  `and load tool ${median(loads.map((l) => l.loaderCpuMsPerAnswer)).toFixed(2)} ms per answer`;

/** Mark-compacts (per run) and old-generation growth per answer, from the server's probe. */
const gcNote = (loads: LoadOutcome[]) =>
  `mark-compacts ${loads.map((l) => l.markCompacts ?? "?").join("/")}, ` +
  `promoted ${(median(loads.map((l) => l.promotedBytesPerAnswer ?? Number.NaN)) / 1024).toFixed(1)} KB per answer`;

/** `heapSummary`: after the scan, a heap snapshot of the server summarized by constructor (seconds: full run only). */
export async function pageAtScale(options: { runs: number; zones: number; loadSeconds: number; heapSummary: boolean }): Promise<Figure[]> {
  let sandbox: Running | undefined;
  let preflight: Running | undefined;
  try {
    sandbox = await startBenchSandbox({ zones: options.zones, rateLimit: 0 });
    preflight = await startBenchPreflight();
    const server = preflight;
    const pid = server.service.child.pid!;
    const scan = await peakRss(pid, () => preflightScan(server.url));
    const gc = await gcTotals(server.probeDir);
    const heap = options.heapSummary ? await serverHeapSummary(pid, server.probeDir!) : undefined;
    const page = await measurePage(server.url, options.runs);
    // Warm-up, not counted: the scan's garbage is collected and both handlers compiled before the clock runs.
    await zonesAndFloor(server, Math.min(5, options.loadSeconds));
    const loads = await repeat(options.runs, () => zonesAndFloor(server, options.loadSeconds));
    const zones = loads.map(([z]) => z);
    const floors = loads.map(([, f]) => f);
    const bundles = firstLoadJs();
    const biggest = bundles[0]!;
    return [
      {
        name: `4. navigation to first rows (${options.zones} zones, warm)`,
        runs: page.map((p) => p.firstRowsMs),
        unit: "ms",
        kind: "max",
        budget: 1000,
      },
      {
        name: "4. filter keystroke to updated rows",
        runs: page.map((p) => p.keystrokeMs),
        unit: "ms",
        kind: "max",
        budget: 50,
        note: "on a settled page: hydrated, nothing in flight",
      },
      {
        name: "4. the same keystroke as the first rows show",
        runs: page.map((p) => p.earlyKeystrokeMs),
        unit: "ms",
        kind: "info",
        note: "the rows come in the HTML: a keystroke then can wait for the page's hydration",
      },
      {
        name: "4. first-load JS, largest page (gzipped)",
        runs: [biggest.kib],
        unit: "KiB",
        kind: "max",
        budget: 250,
        note: bundles.map((b) => `${b.route.replace("/(dashboard)", "")} ${b.kib.toFixed(0)}`).join(", "),
      },
      {
        name: `6. server CPU per cached GET /api/zones ÷ per GET /api/health`,
        runs: loads.map(([z, f]) => (z.cpuMsPerAnswer ?? Number.NaN) / (f.cpuMsPerAnswer ?? Number.NaN)),
        unit: "×",
        kind: "max",
        budget: 1.15,
        note: `${options.loadSeconds} s of each per run in alternating windows, 50 conns; first 100 of ${options.zones} zones per answer`,
      },
      {
        name: `6. cached GET /api/zones p99 ÷ GET /api/health p99, 50 conns`,
        runs: loads.map(([z, f]) => z.p99 / f.p99),
        unit: "×",
        kind: "info",
        note: `zones: ${gcNote(zones)}; health: ${gcNote(floors)} (the tail follows the mark-compacts' pauses)`,
      },
      {
        name: `6. cached GET /api/zones p99 (p50), 50 conns`,
        runs: zones.map((l) => l.p99),
        unit: "ms",
        kind: "info",
        note: `p50 ${zones.map((l) => l.p50.toFixed(0)).join(", ")} ms; ${median(zones.map((l) => l.requests))} requests; ${cpuNote(zones)}`,
      },
      {
        name: `6. GET /api/health p99 (p50), same load`,
        runs: floors.map((l) => l.p99),
        unit: "ms",
        kind: "info",
        note:
          `the floor of one operation through next start, the load tool on the same cores; ` +
          `p50 ${floors.map((l) => l.p50.toFixed(0)).join(", ")} ms; ${median(floors.map((l) => l.requests))} requests; ${cpuNote(floors)}`,
      },
      {
        name: "6. load errors (errors + timeouts + non-2xx)",
        runs: loads.map(([z, f]) => z.errors + f.errors),
        unit: "",
        kind: "max",
        budget: 0,
      },
      {
        name: `6. server peak RSS during a ${options.zones}-zone scan`,
        runs: [scan.peakMiB],
        unit: "MiB",
        kind: "max",
        budget: 450,
        note:
          `scan ${(scan.value.ms / 1000).toFixed(1)} s in ${scan.value.requests} requests; JS heap peak ${gc.peak?.heapUsed ?? "?"} MiB, ` +
          `live after a mark-compact at most ${gc.liveAfterMarkCompactMiB ?? "?"} MiB, ${gc.markCompacts} mark-compacts` +
          (heap
            ? `; heap after the scan ${(heap.totalBytes / 2 ** 20).toFixed(0)} MiB, largest by constructor: ` +
              heap.groups.map((g) => `${g.name} ${(g.bytes / 2 ** 20).toFixed(1)} MiB (${g.count})`).join(", ")
            : ""),
      },
    ];
  } finally {
    await stopAll(preflight, sandbox);
  }
}
