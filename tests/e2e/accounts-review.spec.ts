// A review against the second account, end to end: Preflight in sandbox mode reaching the sandbox's "security"
// and "acquired" accounts, each with its own token. The zone page's link carries the zone's account, the review
// names it, a second person approves, executing sends the call with that account's credential only, and the
// Reviews list filters by account.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { newDataDir, startOwnPreflight, startOwnSandbox, type OwnServer } from "./own-servers";
import { E2E } from "./environment";

const running: OwnServer[] = [];
let sandbox: OwnServer;
let preflight: OwnServer;
const ACCOUNTS = "security,acquired";
// lib/accounts/sandbox-accounts.ts: every account but the first derives its token from the base one.
const ACQUIRED_TOKEN = `${E2E.apiToken}-acquired`;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  sandbox = await startOwnSandbox({ SANDBOX_ZONES: "20", SANDBOX_ACCOUNTS: ACCOUNTS });
  running.push(sandbox);
  preflight = await startOwnPreflight(sandbox.port, newDataDir(), { SANDBOX_ACCOUNTS: ACCOUNTS });
  running.push(preflight);
});
test.afterAll(async () => {
  await Promise.all(running.map((s) => s.stop()));
});

async function upstream<T>(path: string): Promise<T> {
  const response = await fetch(`${sandbox.url}/client/v4${path}`, { headers: { Authorization: `Bearer ${ACQUIRED_TOKEN}` } });
  return ((await response.json()) as { result: T }).result;
}

/** The acquired account, and a zone of it whose migration can be completed (compatible, a small configuration). */
async function acquiredZone(): Promise<{ account: { id: string; name: string }; zone: { id: string; name: string } }> {
  const [account] = await upstream<Array<{ id: string; name: string }>>("/accounts");
  for (let page = 1; ; page++) {
    const zones = await upstream<Array<{ id: string; name: string; plan: { legacy_id: string } }>>(
      `/zones?per_page=50&page=${page}&account.id=${account!.id}`,
    );
    if (zones.length === 0) throw new Error("no upgradable zone in the acquired account");
    for (const zone of zones.filter((z) => z.plan.legacy_id !== "enterprise")) {
      if (!(await upstream<{ compatible: boolean }>(`/zones/${zone.id}/waf_migration/check?phase_two=1`)).compatible) continue;
      const config = await upstream<{ rules: Array<{ expression: string }> }>(`/zones/${zone.id}/waf_migration/config?phase_two=1`);
      if (config.rules.length < 50 && config.rules.every((r) => r.expression.length < 1000)) return { account: account!, zone };
    }
  }
}

async function pageAs(browser: Browser, user: string): Promise<Page> {
  const context = await browser.newContext();
  await context.addCookies([{ name: "preflight-demo-user", value: user, url: preflight.url }]);
  return context.newPage();
}

async function step(page: Page, button: string, confirm?: string) {
  await page.getByRole("button", { name: button, exact: true }).click();
  if (confirm !== undefined) await page.getByLabel("Zone name").fill(confirm);
  await page.getByRole("button", { name: `Confirm: ${button}` }).click();
}

test("a review of the second account names it, needs a second person, and runs with that account's token", async ({ browser }) => {
  test.setTimeout(240_000);
  const { account, zone } = await acquiredZone();
  const planner = await pageAs(browser, "planner");
  const approver = await pageAs(browser, "approver-1");

  // The Zones page filtered to the acquired account lists its zones (binding each to its account); the zone's own link
  // carries the account, and so does its review link.
  await planner.goto(`${preflight.url}/zones?account=${account.id}`);
  await expect(planner.getByTestId("zones-count")).toHaveText(/^Showing (\d+) of \1 zones$/, { timeout: 90_000 });
  await expect(planner.getByRole("link", { name: zone.name, exact: true })).toHaveAttribute(
    "href",
    `/zones/${zone.id}?account=${account.id}`,
  );
  await planner.goto(`${preflight.url}/zones/${zone.id}?account=${account.id}`);
  await planner.getByRole("link", { name: "Create review: complete the migration" }).click({ timeout: 60_000 });
  await expect(planner).toHaveURL(new RegExp(`/reviews\\?create=complete_migration.*account=${account.id}`));
  await planner.getByRole("button", { name: "Create review" }).click();
  await expect(planner).toHaveURL(/\/reviews\/[0-9a-f-]{36}$/, { timeout: 60_000 });
  const reviewUrl = planner.url();
  await expect(planner.getByTestId("review-account")).toContainText(account.name);
  await expect(planner.getByTestId("review-account").locator("[data-account-id]")).toHaveAttribute("data-account-id", account.id);

  await step(planner, "Submit for approval");
  await expect(planner.getByTestId("review-state")).toHaveText("submitted");
  await approver.goto(reviewUrl);
  await step(approver, "Approve");
  await expect(approver.getByTestId("review-state")).toHaveText("approved");

  await fetch(`${sandbox.url}/__sandbox/calls`, { method: "DELETE" });
  await planner.reload();
  await step(planner, "Execute", zone.name);
  await expect(planner.getByTestId("review-state")).toHaveText("executed", { timeout: 60_000 });
  const calls = (await (await fetch(`${sandbox.url}/__sandbox/calls`)).json()) as {
    calls: Array<{ method: string; path: string; credential?: string }>;
  };
  const puts = calls.calls.filter((c) => c.method === "PUT" && c.path.includes(zone.id));
  expect(puts).toHaveLength(1);
  // Only the credential that reaches the acquired account (sandbox mode: the group token), never the first account's.
  expect(new Set(calls.calls.map((c) => c.credential))).toEqual(new Set(["token:group"]));

  // The list names the account and filters by it: the first account has no review.
  await planner.goto(`${preflight.url}/reviews?account=${account.id}`);
  const row = planner.getByRole("row").filter({ has: planner.getByRole("link") });
  await expect(row).toHaveCount(1, { timeout: 30_000 });
  await expect(row.locator("[data-account-id]")).toHaveText(account.name);
  const choice = planner.getByRole("combobox", { name: "Account" });
  await expect(choice).toHaveValue(account.id);
  const first = (await choice.locator("option").nth(1).getAttribute("value"))!;
  expect(first).not.toBe(account.id);
  await choice.selectOption(first);
  await expect(planner.getByTestId("reviews-empty")).toBeVisible({ timeout: 30_000 });
});
