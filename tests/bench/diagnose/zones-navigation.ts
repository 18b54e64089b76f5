// Figure 4's navigation alone, in phases: the 5,000-zone account scanned (the cache warm), then the Zones page
// opened RUNS times in fresh browser contexts, each printing where its time went, in the page's own clock:
// the document's first byte and last byte, DOMContentLoaded, hydration's scripts, and the first row.
//   npx tsx tests/bench/diagnose/zones-navigation.ts          (ZONES=5000 RUNS=8 by default)
import { chromium } from "@playwright/test";
import { E2E } from "@/tests/e2e/environment";
import { startBenchPreflight, startBenchSandbox, stopAll, type Running } from "../lib/services";
import { preflightScan } from "../scan/preflight-scan";

const zones = Number(process.env.ZONES ?? 5000);
const runs = Number(process.env.RUNS ?? 8);

// Runs in the page before its own scripts: when the first zone row is visible (not only parsed into the streamed,
// still hidden part), and the frame after it, in the page's clock.
const watchFirstRow = () => {
  const w = window as unknown as { __firstRow?: number; __firstRowFrame?: number };
  new MutationObserver((_, observer) => {
    const row = document.querySelector('[data-testid="zone-row"]');
    if (!row?.checkVisibility()) return;
    w.__firstRow = performance.now();
    observer.disconnect();
    requestAnimationFrame(() => (w.__firstRowFrame = performance.now()));
  }).observe(document, { childList: true, subtree: true, attributes: true });
};

let sandbox: Running | undefined;
let preflight: Running | undefined;
try {
  sandbox = await startBenchSandbox({ zones, rateLimit: 0 });
  preflight = await startBenchPreflight();
  const scan = await preflightScan(preflight.url);
  console.log(`scan ${(scan.ms / 1000).toFixed(1)} s, ${scan.zones} zones`);
  const browser = await chromium.launch({
    executablePath: E2E.browserPath,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const html = await (await fetch(`${preflight.url}/zones`)).text();
  console.log(`document ${(html.length / 1024).toFixed(0)} KB, zone rows in it: ${html.split('data-testid="zone-row"').length - 1}`);
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.addInitScript(watchFirstRow);
    const errors: string[] = [];
    page.on("console", (message) => void (message.type() === "error" && errors.push(message.text().slice(0, 200))));
    let scripts = 0;
    page.on("requestfinished", (request) => void (request.resourceType() === "script" && scripts++));
    const started = performance.now();
    await page.goto(`${preflight.url}/zones`, { waitUntil: "commit" });
    await page.getByTestId("zone-row").first().waitFor({ timeout: 60_000 });
    const outside = performance.now() - started;
    const inPage = await page.evaluate(() => {
      const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      const w = window as unknown as { __firstRow?: number; __firstRowFrame?: number };
      const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
      const lastScript = Math.max(0, ...resources.filter((r) => r.initiatorType === "script").map((r) => r.responseEnd));
      return {
        ttfb: nav.responseStart,
        docEnd: nav.responseEnd,
        dcl: nav.domContentLoadedEventEnd,
        lastScript,
        firstRow: w.__firstRow ?? Number.NaN,
        frame: w.__firstRowFrame ?? Number.NaN,
      };
    });
    const f = (n: number) => n.toFixed(0).padStart(5);
    console.log(
      `run ${run + 1}: outside ${f(outside)} ms | first byte ${f(inPage.ttfb)} document end ${f(inPage.docEnd)} ` +
        `last script ${f(inPage.lastScript)} DCL ${f(inPage.dcl)} first row ${f(inPage.firstRow)}, its frame ${f(inPage.frame)} (${scripts} scripts)` +
        (errors.length ? `\n  console errors: ${errors.join(" | ")}` : ""),
    );
    await context.close();
  }
  await browser.close();
} finally {
  await stopAll(preflight, sandbox);
}
