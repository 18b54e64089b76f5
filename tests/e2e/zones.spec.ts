import { expect, test, type Page } from "@playwright/test";
import { resetSandbox, sandboxAccountId, sandboxZoneNames, setSandboxFaults } from "./sandbox";

test.afterEach(resetSandbox);

/** Scrolls the virtualized table from top to bottom, collecting every zone name it renders. */
async function collectZoneNames(page: Page): Promise<string[]> {
  const scroller = page.getByTestId("zones-scroll");
  const names = new Set<string>();
  const { scrollHeight, clientHeight } = await scroller.evaluate((el) => ({
    scrollHeight: el.scrollHeight,
    clientHeight: el.clientHeight,
  }));
  for (let top = 0; top <= scrollHeight; top += Math.max(100, clientHeight - 72)) {
    await scroller.evaluate((el, y) => (el.scrollTop = y), top);
    await page.waitForTimeout(30);
    for (const name of await page.getByTestId("zone-row").locator("[role=cell]:first-child").allInnerTexts()) {
      names.add(name.trim());
    }
  }
  return [...names];
}

test("the Zones page lists every zone of the sandbox account", { tag: "@smoke" }, async ({ page }) => {
  const expected = await sandboxZoneNames();
  expect(expected.length).toBeGreaterThanOrEqual(240);

  await page.goto("/zones");
  await expect(page.getByText("Sandbox account")).toBeVisible();
  await expect(page.getByTestId("zones-count")).toHaveText(`Showing ${expected.length} of ${expected.length} zones`);
  const shown = await collectZoneNames(page);
  expect(shown.sort()).toEqual([...expected].sort());
});

test("once the zones are scanned, the page's HTML holds the first rows: they show before any script runs", async ({ page, request }) => {
  await page.goto("/zones");
  await expect(page.getByRole("progressbar")).toHaveCount(0);
  // The page reads the scans the route cached (one cache per process, lib/process-state.ts).
  const html = await (await request.get("/zones")).text();
  const first = (await page.getByTestId("zone-row").first().locator("[role=cell]:first-child").innerText()).trim();
  expect(html.split('data-testid="zone-row"').length - 1).toBeGreaterThanOrEqual(20);
  expect(html).toContain(first);

  const scriptless = await page.context().browser()!.newContext({ javaScriptEnabled: false });
  const bare = await scriptless.newPage();
  await bare.goto(page.url());
  await expect(bare.getByTestId("zone-row").first()).toBeVisible();
  await scriptless.close();
});

test("filters and sort live in the URL, so a shared link opens the same view", async ({ page }) => {
  await page.goto("/zones");
  await expect(page.getByTestId("zones-count")).toContainText("Showing");
  await page.getByRole("combobox", { name: "Plan" }).selectOption("enterprise");
  // Exact: while the listing is partial, the overview's buttons say "… of 240 zones" too.
  await page.getByRole("button", { name: "Zone", exact: true }).click(); // name ascending → descending
  await expect(page).toHaveURL(/plan=enterprise/);
  await expect(page).toHaveURL(/sort=name&dir=desc/);

  const shared = page.url();
  const other = await page.context().newPage();
  await other.goto(shared);
  await expect(other.getByRole("combobox", { name: "Plan" })).toHaveValue("enterprise");
  const rows = other.getByTestId("zone-row");
  await expect(rows.first()).toBeVisible();
  const plans = await rows.locator("[role=cell]:nth-child(2)").allInnerTexts();
  expect(new Set(plans)).toEqual(new Set(["Enterprise"]));
  const names = await rows.locator("[role=cell]:first-child").allInnerTexts();
  expect(names).toEqual([...names].sort().reverse());

  await other.getByLabel("Zone name").fill("zzz-no-such-zone");
  await expect(other.getByTestId("zones-count")).toHaveText(/^Showing 0 of \d+ zones$/);
  await expect(other).toHaveURL(/q=zzz-no-such-zone/);
});

test("a failing platform shows what failed, and Try again recovers", async ({ page }) => {
  // The zone list must be read, so it must fail: a Refresh within a minute of a listing takes that listing instead
  // (lib/platform/zone-list-share.ts), and the other tests list the whole credentials' zones. One account's zones
  // (`?account=`) are a list of their own, which no other test of this server reads.
  const account = await sandboxAccountId();
  await setSandboxFaults({ errorRate: 1 });
  await page.goto(`/zones?account=${account}`);
  const alert = page.getByRole("alert").filter({ hasText: "could not be loaded" });
  await expect(alert).toContainText("The zones could not be loaded");
  await expect(alert).toContainText("GET /zones failed (HTTP 500");
  await setSandboxFaults({ errorRate: 0 });
  await alert.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByTestId("zones-count")).toContainText("Showing");
});

test("every section is reachable from the navigation", async ({ page }) => {
  await page.goto("/zones");
  for (const section of ["Mapping", "Validation", "Certificates", "Traces", "Reviews", "Settings", "Zones"]) {
    await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: section }).click();
    await expect(page.getByRole("heading", { level: 1, name: section })).toBeVisible();
  }
});

test("filter to blocked zones, open one, see its reasons and proposed configuration", { tag: "@smoke" }, async ({ page }) => {
  await page.goto("/zones");
  await page.getByRole("combobox", { name: "Verdict" }).selectOption("blocked");
  await expect(page).toHaveURL(/verdict=blocked/);
  const rows = page.getByTestId("zone-row");
  await expect(rows.first()).toBeVisible();
  const verdicts = await rows.locator("[role=cell]:nth-child(3)").allInnerTexts();
  expect(new Set(verdicts)).toEqual(new Set(["Blocked"]));

  // A zone blocked by a 4 KB expression: the reason names the rule and its length.
  await page.getByLabel("Zone name").fill("");
  const tooLong = rows.filter({ hasText: "over the 4 KB" }).first();
  // The reason is longer than its column: cut to one line, it says itself whole on hover.
  const reason = tooLong.locator("[role=cell]:nth-child(4)");
  await reason.hover();
  const cell = await reason.evaluate((el) => ({
    cut: el.scrollWidth > el.clientWidth,
    title: el.getAttribute("title"),
    text: el.textContent,
  }));
  expect(cell.cut).toBe(true);
  expect(cell.title).toBe(cell.text);
  await tooLong.getByRole("link").click();
  // The zone's link carries its account, so the zone's page reads with that account's credentials.
  await expect(page).toHaveURL(/\/zones\/[0-9a-f]{32}(\?account=[0-9a-f]{32})?$/);
  const reasons = page.getByTestId("zone-reasons");
  await expect(reasons).toContainText(/has an expression of \d+ bytes, over the 4 KB/);
  await expect(reasons).toContainText("Next: Contact support");
  await expect(page.getByRole("heading", { name: "Proposed configuration" })).toBeVisible();
  await expect(page.getByTestId("config-rule").filter({ hasText: "Cloudflare OWASP Core Ruleset" })).toBeVisible();
  await expect(page.getByTestId("config-rule").filter({ hasText: "Cloudflare Managed Ruleset" })).toBeVisible();
  const steps = page.getByTestId("procedure-step");
  await expect(steps.first()).toContainText("GET /zones/");
  await expect(steps.last()).toContainText("waf_migration=pending&phase_two=1");
});
