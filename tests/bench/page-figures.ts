// Figures 4 and 6 on one large account: the server's peak memory while it scans every zone (which also
// warms its cache), the Zones page in Chromium on that warm cache, the cached GET /api/zones under load
// (autocannon), and the first-load JavaScript of each page from the build.
import autocannon from "autocannon";
import { chromium } from "@playwright/test";
import { firstLoadJs } from "./first-load-js";
import { median, repeat, type Figure } from "./lib/figures";
import { peakRss } from "./lib/rss";
import { startBenchPreflight, startBenchSandbox, stopAll, type Running } from "./lib/services";
import { preflightScan } from "./scan/preflight-scan";

const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
};

/** Navigation to the first rows, and a filter keystroke to the rows it leaves, timed in the page. */
async function measurePage(baseUrl: string, runs: number) {
  const browser = await chromium.launch(CHROMIUM);
  try {
    return await repeat(runs, async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      const started = performance.now();
      await page.goto(`${baseUrl}/zones`, { waitUntil: "commit" });
      await page.getByTestId("zone-row").first().waitFor({ timeout: 60_000 });
      const firstRowsMs = performance.now() - started;
      await page.getByTestId("zones-count").waitFor();
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
      const keystrokeMs = await page.evaluate(() => (window as unknown as { __keyToRows: Promise<number> }).__keyToRows);
      await context.close();
      return { firstRowsMs, keystrokeMs };
    });
  } finally {
    await browser.close();
  }
}

async function load(url: string, seconds: number) {
  const result = await autocannon({ url, connections: 50, duration: seconds });
  return { p99: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx, requests: result.requests.total };
}

export async function pageAtScale(options: { runs: number; zones: number; loadSeconds: number }): Promise<Figure[]> {
  let sandbox: Running | undefined;
  let preflight: Running | undefined;
  try {
    sandbox = await startBenchSandbox({ zones: options.zones, rateLimit: 0 });
    preflight = await startBenchPreflight();
    const server = preflight;
    const scan = await peakRss(server.service.child.pid!, () => preflightScan(server.url));
    const page = await measurePage(server.url, options.runs);
    // Warm-up, not counted: the scan's garbage is collected and the handler compiled before the clock runs.
    await load(`${server.url}/api/zones`, Math.min(5, options.loadSeconds));
    const loads = await repeat(options.runs, () => load(`${server.url}/api/zones`, options.loadSeconds));
    // The floor under that figure: the cheapest operation (no upstream, no bucket) under the same load.
    const floors = await repeat(options.runs, () => load(`${server.url}/api/health`, options.loadSeconds));
    const bundles = firstLoadJs();
    const biggest = bundles[0]!;
    return [
      { name: `4. navigation to first rows (${options.zones} zones, warm)`, runs: page.map((p) => p.firstRowsMs), unit: "ms", kind: "max", budget: 1000 },
      { name: "4. filter keystroke to updated rows", runs: page.map((p) => p.keystrokeMs), unit: "ms", kind: "max", budget: 50 },
      {
        name: "4. first-load JS, largest page (gzipped)",
        runs: [biggest.kib],
        unit: "KiB",
        kind: "max",
        budget: 250,
        note: bundles.map((b) => `${b.route.replace("/(dashboard)", "")} ${b.kib.toFixed(0)}`).join(", "),
      },
      {
        name: `6. cached GET /api/zones p99, 50 conns ${options.loadSeconds} s`,
        runs: loads.map((l) => l.p99),
        unit: "ms",
        kind: "max",
        budget: 100,
        note: `first 100 of ${options.zones} zones per answer; errors ${loads.map((l) => l.errors).join(", ")}; ${median(loads.map((l) => l.requests))} requests`,
      },
      {
        name: `6. floor: GET /api/health p99, same load`,
        runs: floors.map((l) => l.p99),
        unit: "ms",
        kind: "info",
        note: `any operation through next start with the load tool on the same cores; ${median(floors.map((l) => l.requests))} requests`,
      },
      { name: "6. load errors (errors + timeouts + non-2xx)", runs: loads.map((l) => l.errors), unit: "", kind: "max", budget: 0 },
      {
        name: `6. server peak RSS during a ${options.zones}-zone scan`,
        runs: [scan.peakMiB],
        unit: "MiB",
        kind: "info",
        note: `scan ${(scan.value.ms / 1000).toFixed(1)} s in ${scan.value.requests} requests`,
      },
    ];
  } finally {
    await stopAll(preflight, sandbox);
  }
}
