// One visit of every page per server, shared by the three crawl specs (accessibility, headers, secrets):
// each visit records what every check needs, and each spec asserts on the records as its own test.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Browser, type Page } from "@playwright/test";
import { pagesToVisit, realIds, type Ids } from "./crawl";
import { E2E } from "./environment";
import { openRequests, type OpenRequests } from "./open-requests";

/** What a visit can record: axe's findings, the headers and hydration, and every response for the leak search. */
export type Check = "axe" | "headers" | "secrets";
export const ALL_CHECKS: Check[] = ["axe", "headers", "secrets"];

export interface PageVisit {
  path: string;
  /** The document response's headers. */
  headers: Record<string, string>;
  /** axe: why the page did not settle (a progress bar left after 60 s), if it did not. */
  unsettled?: string;
  /** axe: serious or critical violations, one line each. */
  violations: string[];
  /** headers: whether a client-side navigation to Settings kept this window (undefined: the 404 page, not tried). */
  hydrated?: boolean;
  /** headers: securitypolicyviolation events the window saw, through the navigation to Settings. */
  cspEvents: string[];
}

export interface Crawl {
  checks: Check[];
  ids: Ids;
  visits: PageVisit[];
  /** headers: console messages of a CSP refusal, with the page they came from. */
  consoleViolations: string[];
  /** secrets: every response's headers and body, searched with the caller's search. */
  responses: Array<{ url: string; headers: string; body: Buffer }>;
}

export async function seriousViolations(page: Page): Promise<string[]> {
  // Only violations are read: axe then skips collecting the nodes of passes and inapplicable rules (its resultTypes
  // option). Set before the tags: AxeBuilder's options() replaces the run options, withTags() among them.
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ["violations"] })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}, ${v.nodes.length}×): ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(" "))
          .join(" | ")}`,
    );
}

/** Waits until the page has loaded what it shows (no progress bar, no loading status). */
export async function settled(page: Page) {
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("progressbar")).toHaveCount(0, { timeout: 60_000 });
}

type Window = { __csp?: string[]; __kept?: number };

async function visit(page: Page, requests: OpenRequests, path: string, checks: Check[]): Promise<PageVisit> {
  const response = (await requests.within(`loading ${path}`, (timeout) => page.goto(path, { timeout })))!;
  const record: PageVisit = { path, headers: response.headers(), violations: [], cspEvents: [] };
  await requests.within(`${path} going idle`, (timeout) => page.waitForLoadState("networkidle", { timeout }));
  if (checks.includes("axe")) {
    // A page that never settles fails the axe test, not the crawl: the other checks still get their records.
    record.unsettled = await settled(page).then(
      () => undefined,
      (error: Error) => error.message,
    );
    record.violations = await seriousViolations(page);
  }
  if (checks.includes("headers")) {
    // Hydrated: React attached its handlers, so a client-side navigation keeps this window's state
    // (the 404 page has no dashboard shell to navigate from).
    if (path !== "/no-such-page") {
      await page.evaluate(() => ((window as unknown as Window).__kept = 1));
      await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Settings" }).click();
      const navigated = await page.waitForURL(/\/settings$/, { timeout: 15_000 }).then(
        () => true,
        () => false,
      );
      record.hydrated = navigated && (await page.evaluate(() => (window as unknown as Window).__kept)) === 1;
    }
    record.cspEvents = await page.evaluate(() => (window as unknown as Window).__csp ?? []);
  }
  return record;
}

/** Visits every page of one server once, recording what the given checks need. */
async function crawl(browser: Browser, baseUrl: string, checks: Check[]): Promise<Crawl> {
  const context = await browser.newContext({ baseURL: baseUrl });
  const ids = await realIds(context.request, baseUrl);
  const page = await context.newPage();
  const requests = openRequests(page);
  const result: Crawl = { checks, ids, visits: [], consoleViolations: [], responses: [] };
  const pending: Array<Promise<void>> = [];
  if (checks.includes("secrets"))
    page.on("response", (response) => {
      pending.push(
        (async () => {
          const headers = JSON.stringify(await response.allHeaders());
          const body = await response.body().catch(() => Buffer.alloc(0));
          result.responses.push({ url: response.url(), headers, body });
        })(),
      );
    });
  if (checks.includes("headers")) {
    page.on("console", (message) => {
      if (/Content Security Policy|Refused to (execute|load|apply)/i.test(message.text()))
        result.consoleViolations.push(`${page.url()}: ${message.text()}`);
    });
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        const w = window as unknown as Window;
        w.__csp = [...(w.__csp ?? []), `${event.violatedDirective} ${event.blockedURI}`];
      });
    });
  }
  try {
    for (const path of pagesToVisit(ids)) result.visits.push(await visit(page, requests, path, checks));
    await requests.within("reading the responses' bodies", () => Promise.all(pending));
  } finally {
    await context.close();
  }
  return result;
}

const crawls = new Map<string, Promise<Crawl>>();

/**
 * The crawl of a server that records at least `checks`: the first spec to ask pays for it, the others
 * (in the same worker) read its records. A failed crawl is forgotten, so the next spec tries again.
 */
export function pageVisits(browser: Browser, baseUrl: string = E2E.baseUrl, checks: Check[] = ALL_CHECKS): Promise<Crawl> {
  const cached = crawls.get(baseUrl);
  const reuse = cached?.then((c) => (checks.every((check) => c.checks.includes(check)) ? c : undefined));
  const next = (async () => {
    const found = await reuse?.catch(() => undefined);
    return found ?? crawl(browser, baseUrl, checks);
  })();
  crawls.set(baseUrl, next);
  next.catch(() => crawls.get(baseUrl) === next && crawls.delete(baseUrl));
  return next;
}
