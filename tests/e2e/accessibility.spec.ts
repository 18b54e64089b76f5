// Accessibility (issue 10, item 7): axe on every page (detail pages, error states and open dialogs
// included) with no serious or critical violation, and the main workflow done from the keyboard alone
// with a visible focus at every step.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { realIds } from "./crawl";
import { E2E } from "./environment";
import { pageVisits, seriousViolations, settled } from "./page-visits";

test("no page has a serious or critical axe violation", async ({ browser, page }) => {
  // The first of the three crawl specs pays for the shared crawl (tests/e2e/page-visits.ts): a cold server's whole-account scan included.
  test.setTimeout(300_000);
  const crawl = await pageVisits(browser);
  const { ids } = crawl;
  const found: Record<string, string[]> = {};
  for (const visit of crawl.visits) {
    expect(visit.unsettled, `${visit.path} did not settle`).toBeUndefined();
    found[visit.path] = visit.violations;
  }
  const check = async (name: string) => {
    found[name] = await seriousViolations(page);
  };
  // Open states: a confirmation on a review, the create-review panel, a certificate's detail, the inspector's error.
  await page.goto(`/reviews/${ids.review}`);
  await page.getByRole("button", { name: "Submit for approval", exact: true }).click();
  await check("review: confirm submit");
  await page.goto(`/reviews?create=complete_migration&zoneId=${ids.zone}`);
  await settled(page);
  await check("reviews: create panel");
  await page.goto("/certificates");
  await settled(page);
  await page.getByLabel("PEM bundle").fill("-----BEGIN PRIVATE KEY-----\nMIIB\n-----END PRIVATE KEY-----\n");
  await page.getByRole("button", { name: "Inspect" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "could not be inspected" })).toBeVisible();
  await check("certificates: inspector error");
  console.log(
    `axe: ${Object.keys(found).length} pages and states; serious or critical violations: ${Object.entries(found)
      .map(([k, v]) => `${k} ${v.length}`)
      .join(", ")}`,
  );
  expect(Object.fromEntries(Object.entries(found).filter(([, v]) => v.length > 0))).toEqual({});
});

/**
 * Tabs forward until `target` has the focus, checking a visible focus indicator on the way. It waits for the target
 * to be shown first, as a keyboard user waits for a control to appear: tabbing through a page still rendering its
 * answer could pass the place where the control is about to be.
 */
async function tabTo(page: Page, target: Locator, limit = 60) {
  await expect(target).toBeVisible();
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return undefined;
      const style = getComputedStyle(el);
      const visible = (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== "none";
      return { tag: el.tagName.toLowerCase(), name: (el.getAttribute("aria-label") ?? el.textContent ?? "").trim(), visible };
    });
    if (!focused) continue;
    expect(focused.visible, `focus on ${focused.tag} "${focused.name}" is not visible`).toBe(true);
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`${target.toString()} was not reached with Tab`);
}

test("the main workflow from the keyboard: Zones, filter, open a zone, start a review", async ({ page, request }) => {
  test.setTimeout(120_000);
  const ids = await realIds(request, E2E.baseUrl);
  const zones = (await (await request.get("/api/zones")).json()) as { zones: Array<{ id: string; name: string }> };
  const zone = zones.zones.find((z) => z.id === ids.zone)!;
  await page.goto("/zones");
  await settled(page);
  await tabTo(page, page.getByRole("searchbox", { name: "Zone name" }));
  await page.keyboard.type(zone.name);
  await expect(page.getByTestId("zones-count")).toHaveText(/^Showing 1 of \d+ zones$/);
  // The zone's link carries its account, so the zone's page reads with that account's credentials.
  await tabTo(page, page.locator(`a[href="/zones/${zone.id}"], a[href^="/zones/${zone.id}?account="]`).first());
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/zones/${zone.id}(\\?account=[0-9a-f]{32})?$`));
  await settled(page);
  await tabTo(page, page.locator('a[href^="/reviews?create="]').first());
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/reviews\?create=/);
  await settled(page);
  await tabTo(page, page.getByRole("button", { name: "Create review", exact: true }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/reviews\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("review-state")).toHaveText("draft");
});
