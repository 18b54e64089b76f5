// Drift watch in the browser: a planner and an approver migrate a zone through a review, someone edits
// its entry point in the dashboard afterwards (the sandbox's control), a snapshot refresh finds the drift;
// it is on the Changes view, flagged on the Zones page with its diff, and accepted as the new baseline
// only through a second review, which sends nothing to the account.
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { E2E } from "./environment";
import { resetSandbox, sandboxCalls, upgradableZone } from "./sandbox";

const PLANNER = { "x-preflight-demo-user": "planner" };

// The snapshot is discarded and the sandbox reset afterwards: the other specs expect live scans of the seeded account.
test.afterAll(async ({ request }) => {
  await request.delete("/api/snapshots", { headers: PLANNER });
  await resetSandbox();
});

async function pageAs(browser: Browser, user: string): Promise<Page> {
  const context = await browser.newContext();
  await context.addCookies([{ name: "preflight-demo-user", value: user, url: E2E.baseUrl }]);
  return context.newPage();
}

async function step(page: Page, button: string, confirm?: string) {
  await page.getByRole("button", { name: button, exact: true }).click();
  if (confirm !== undefined) await page.getByLabel("Zone name").fill(confirm);
  await page.getByRole("button", { name: `Confirm: ${button}` }).click();
}

/** Creates the review the page's link leads to, has approver-1 approve it, and executes it as the planner. */
async function fourEyes(planner: Page, approver: Page, confirm?: string): Promise<string> {
  await planner.getByRole("button", { name: "Create review" }).click();
  await expect(planner).toHaveURL(/\/reviews\/[0-9a-f-]{36}$/);
  const url = planner.url();
  await step(planner, "Submit for approval");
  await expect(planner.getByTestId("review-state")).toHaveText("submitted");
  await approver.goto(url);
  await step(approver, "Approve");
  await expect(approver.getByTestId("review-state")).toHaveText("approved");
  await planner.reload();
  await step(planner, "Execute", confirm);
  await expect(planner.getByTestId("review-state")).toHaveText("executed", { timeout: 30_000 });
  return url.split("/").at(-1)!;
}

/** A whole refresh, budget-sized steps until it publishes. */
async function refreshSnapshot(request: APIRequestContext) {
  for (let n = 0; ; n++) {
    const response = await request.post("/api/snapshots/refresh", { headers: PLANNER, data: { restart: n === 0 } });
    expect(response.status()).toBe(200);
    if (((await response.json()) as { result: string }).result === "published") return;
    expect(n).toBeLessThan(300);
  }
}

/** Someone sets the OWASP paranoia level to 4 in the dashboard after the review: no paranoia category is then turned off. */
async function dashboardEdit(zoneId: string) {
  const response = await fetch(`${E2E.sandboxUrl}/__sandbox/entrypoint-edits`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ zoneId, edit: "paranoia_level", level: 4 }),
  });
  expect(response.status).toBe(200);
}

test("a migrated zone edited after its review: flagged after a refresh, on the Changes view, accepted only through a review", async ({
  browser,
  request,
}) => {
  test.setTimeout(360_000);
  const zone = await upgradableZone();
  const planner = await pageAs(browser, "planner");
  const approver = await pageAs(browser, "approver-1");

  await planner.goto(`/zones/${zone.id}`);
  await planner.getByRole("link", { name: "Create review: complete the migration" }).click();
  const migration = await fourEyes(planner, approver, zone.name);
  await expect(planner.getByTestId("audit-log")).toContainText("planner · baseline_set");

  await dashboardEdit(zone.id);
  await request.delete("/api/snapshots", { headers: PLANNER }); // a run left under way would not check again

  // The refresh as the cron or the Update snapshot button runs it; drift watch is its first phase.
  await refreshSnapshot(request);
  await planner.goto("/zones");
  const flag = planner.getByTestId("drift-flag").filter({ hasText: zone.name });
  await expect(flag).toContainText(/OWASP paranoia level \d → not set by the overrides/);
  await expect(flag.getByRole("link", { name: "Approved in review" })).toHaveAttribute("href", `/reviews/${migration}`);
  await planner.goto(`/zones?q=${encodeURIComponent(zone.name)}`);
  await expect(planner.getByTestId("zone-row").filter({ hasText: zone.name }).getByTestId("drift-badge")).toHaveText("drift · 1");

  // On the Changes view: what changed in words, since when, compared with which review.
  await planner.goto("/changes?kind=drift");
  const row = planner.getByTestId("change-row").filter({ hasText: zone.name });
  await expect(row).toContainText(/OWASP paranoia level \d → not set by the overrides/);
  await row.getByText(/OWASP paranoia level/).click();
  const detail = planner.getByTestId("change-detail");
  await expect(detail.getByRole("link", { name: `the review ${migration}` })).toHaveAttribute("href", `/reviews/${migration}`);
  await expect(detail.getByTestId("change-diff")).toContainText(/OWASP paranoia level \d → not set by the overrides/);

  // The diff on the zone page, and the only way to accept it: a review.
  await planner.goto(`/zones/${zone.id}#drift`);
  await expect(planner.getByTestId("drift-changes")).toContainText(
    /OWASP paranoia level \d → not set by the overrides \(.*\) · first seen/,
  );
  await planner.getByRole("link", { name: "Create review: accept as the new baseline" }).click();
  await expect(planner).toHaveURL(/\/reviews\?create=accept_baseline/);
  await planner.getByRole("button", { name: "Create review" }).click();
  await expect(planner.getByTestId("drift-accepted")).toContainText(/OWASP paranoia level \d → not set by the overrides/);
  await step(planner, "Submit for approval");
  await step(planner, "Approve");
  await expect(planner.getByRole("alert").filter({ hasText: "approver role" })).toBeVisible();
  const callsBefore = (await sandboxCalls()).length;
  await planner.reload();
  await approver.goto(planner.url());
  await step(approver, "Approve");
  await expect(approver.getByTestId("review-state")).toHaveText("approved");
  await planner.reload();
  await step(planner, "Execute");
  await expect(planner.getByTestId("review-state")).toHaveText("executed", { timeout: 30_000 });
  // Executing re-read the evidence (GETs) and changed nothing on the account.
  expect((await sandboxCalls()).slice(callsBefore).filter((c) => c.method !== "GET")).toEqual([]);

  // The baseline moved: no drift now, and the flag is lifted.
  await planner.goto(`/zones/${zone.id}#drift`);
  await expect(planner.getByTestId("no-drift")).toBeVisible();
  await planner.goto("/zones");
  await expect(planner.getByTestId("zones-count")).toBeVisible();
  await expect(planner.getByTestId("drift-flag").filter({ hasText: zone.name })).toHaveCount(0);
});
