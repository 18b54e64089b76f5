// A Preflight whose account rate limit (120 calls per 300 s) the Zones scan uses up: every other page then
// reads nothing for minutes. None of them may show a 0 it did not read; each says how much it covers, why
// it waits and until when, and which page used the limit.
import { expect, test, type Page } from "@playwright/test";
import { newDataDir, startOwnPreflight, startOwnSandbox, type OwnServer } from "./own-servers";

const running: OwnServer[] = [];
let preflight: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const sandbox = await startOwnSandbox({ SANDBOX_ZONES: "60" });
  running.push(sandbox);
  preflight = await startOwnPreflight(sandbox.port, newDataDir(), { ACCOUNT_RATE_LIMIT: "120", ACCOUNT_RATE_WINDOW_SECONDS: "300" });
  running.push(preflight);
});
test.afterAll(async () => {
  await Promise.all(running.map((s) => s.stop()));
});

/** No element of `region` whose whole text is a bare 0: an unread count is a dash, a partial one "N+". */
async function expectNoUnreadZero(page: Page, testId: string) {
  await expect(page.getByTestId(testId).getByText(/^\s*0\s*$/)).toHaveCount(0);
}

test("pages waiting on a used-up rate limit show what they cover, never a 0 they did not read", async ({ page }) => {
  test.setTimeout(150_000);
  await page.goto(`${preflight.url}/zones`);
  // The scan reads what 120 calls allow (about 11 zones), then waits out the window.
  const wait = page.getByTestId("rate-limit-wait");
  await expect(wait).toContainText("The account rate limit (120 calls per 300 s) is used up", { timeout: 90_000 });
  await expect(wait).toContainText("Zones scan");
  await expect(wait).toContainText(/the zones scan resumes at/i);
  await expect(page.getByTestId("zones-coverage")).toContainText(/Partial: \d+ of 60 zones read/);
  await expect(page.getByTestId("zones-count")).toContainText(/\(\d+ of 60 zones read\)/);
  await expectNoUnreadZero(page, "zones-overview");

  // Settings counts the calls the routes made: the page and the routes share the process's one limiter.
  await page.goto(`${preflight.url}/settings`);
  const left = (await page.getByTestId("settings-accounts").innerText()).match(/account: (\d+) of 120 left/);
  expect(left, "the account limit's line on Settings").not.toBeNull();
  expect(Number(left![1])).toBeLessThan(20);

  await page.goto(`${preflight.url}/certificates`);
  await expect(page.getByTestId("rate-limit-wait")).toContainText(/the certificate audit resumes at/i, { timeout: 30_000 });
  // Who used the limit: the Zones scan, named, with its calls in the window.
  await expect(page.getByTestId("rate-limit-wait")).toContainText(/Zones scan \d+ calls/);
  await expect(page.getByTestId("certificates-coverage")).toContainText("Partial: 0");
  for (const verdict of ["action_required", "informational", "no_action"]) {
    await expect(page.getByTestId(`total-${verdict}`)).toContainText("—");
  }
  await expectNoUnreadZero(page, "certificates-totals");
  await expect(page.getByTestId("expiry-summary")).toContainText("Partial (0");
  await expect(page.getByTestId("expiry-summary")).not.toContainText(" 0 expire");

  await page.goto(`${preflight.url}/mapping`);
  await expect(page.getByTestId("mapping-coverage")).toContainText(/\d+ of 60 zones read/, { timeout: 30_000 });
  await expect(page.getByTestId("rate-limit-wait")).toContainText("resumes at");
  await expectNoUnreadZero(page, "distribution-table");

  await page.goto(`${preflight.url}/validation`);
  await expect(page.getByTestId("validation-coverage")).toContainText(/\d+ of 60 zones read/, { timeout: 30_000 });
  await expect(page.getByTestId("validation-zone-count")).not.toHaveText(/^0/);
  await expect(page.getByTestId("rate-limit-wait")).toContainText("resumes at");
});
