// Issue 29: which clients still reach each affected hostname. The page reads the impact on request, sorts the
// certificates by it (worst first), and the inspector shows the hosts' table with its per-day figures as text.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { resetSandbox } from "./sandbox";

test.afterEach(resetSandbox);

async function openAudit(page: Page) {
  await page.goto("/certificates");
  await expect(page.getByTestId("certificates-count")).toContainText("Showing", { timeout: 45_000 });
  await expect(page.getByLabel("Auditing zones")).toHaveCount(0, { timeout: 45_000 });
}

/** The impact column (10th, after the Account column) as numbers: the worst host's share in %, -1 without a figure. */
async function impactShares(page: Page): Promise<number[]> {
  const cells = await page.getByTestId("certificate-row").locator("[role=cell]:nth-child(10)").allInnerTexts();
  return cells.map((text) => Number(/Android ≤ 7\.0: ([\d.]+) %/.exec(text)?.[1] ?? -1));
}

test("read the client impact, sort certificates by it, and open a host's table", async ({ page }) => {
  await openAudit(page);
  await page.getByRole("button", { name: "Read client impact (7 days)" }).click();
  await expect(page).toHaveURL(/sort=impact&dir=desc/);
  await expect(page.getByTestId("impact-coverage")).toContainText(/(25 of \d+|All \d+) zones read/, { timeout: 90_000 });

  const shares = (await impactShares(page)).slice(0, 10);
  expect(shares[0]).toBeGreaterThan(0);
  expect(shares).toEqual([...shares].sort((a, b) => b - a));
  const first = page.getByTestId("certificate-row").first();
  await expect(first.locator("[role=cell]:nth-child(10)")).toContainText(
    /Android ≤ 7\.0: [\d.]+ % \([\d.]+–[\d.]+ %\) of [\d.]+( [kMG])? requests/,
  );

  await first.click();
  const hosts = page.getByTestId("certificate-detail").getByTestId("impact-hosts");
  await expect(hosts.getByTestId("impact-host-row").first()).toBeVisible();
  await expect(hosts.getByTestId("impact-host-row").first()).toContainText(/\d+(\.\d)? % \(/);
  await hosts.getByText("Impacted requests per day as a table").click();
  await expect(hosts.getByTestId("impact-days").locator("tbody tr").first()).toBeVisible();

  // The inspector with its impact table and chart keeps to the suite's accessibility bar.
  const axe = await new AxeBuilder({ page })
    .include("[data-testid=certificate-detail]")
    .withTags(["wcag2a", "wcag2aa", "best-practice"])
    .analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
});
