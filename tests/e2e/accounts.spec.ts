// Several accounts on the Zones page: a Preflight in live mode on its own sandbox with three entries — one reading
// the sandbox account, one for an account its token reaches no zone of, one whose token the platform refuses. The
// page lists every account's zones by default, says what it covers of each, filters to one account through the URL
// (the server reads only that account), and opens a zone with its own account.
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { newDataDir, startOwnPreflight, startOwnSandbox, type OwnServer } from "./own-servers";
import { E2E } from "./environment";
import { seriousViolations } from "./page-visits";

const running: OwnServer[] = [];
let preflight: OwnServer;
const STAGING_ID = "5ca1ab1e5ca1ab1e5ca1ab1e5ca1ab1e";
const ACQUIRED_ID = "ac0a1ec0ac0a1ec0ac0a1ec0ac0a1ec0";
/** What every figure of a listing missing the refused account says of its coverage. */
const NOT_READ = "30 zones read; 1 of 3 accounts not read in full: Acquired Co";

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const sandbox = await startOwnSandbox({ SANDBOX_ZONES: "30" });
  running.push(sandbox);
  preflight = await startOwnPreflight(sandbox.port, newDataDir(), {
    CLOUDFLARE_API_BASE_URL: `${sandbox.url}/client/v4`,
    PREFLIGHT_INSECURE_NO_IDENTITY: "1",
    PREFLIGHT_ACCOUNTS: "security,staging,acquired",
    PREFLIGHT_ACCOUNT_SECURITY_API_TOKEN: E2E.apiToken,
    PREFLIGHT_ACCOUNT_STAGING_API_TOKEN: E2E.apiToken,
    PREFLIGHT_ACCOUNT_STAGING_ID: STAGING_ID,
    PREFLIGHT_ACCOUNT_STAGING_NAME: "Staging",
    PREFLIGHT_ACCOUNT_ACQUIRED_API_TOKEN: "refused-by-the-platform-0000",
    PREFLIGHT_ACCOUNT_ACQUIRED_ID: ACQUIRED_ID,
    PREFLIGHT_ACCOUNT_ACQUIRED_NAME: "Acquired Co",
  });
  running.push(preflight);
});
test.afterAll(async () => {
  await Promise.all(running.map((s) => s.stop()));
});

test("every account's zones, what the page covers of each, and one account through the URL", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`${preflight.url}/zones`);
  // The refused account leaves no cursor, yet the listing is not whole: the count says at least, and why.
  await expect(page.getByTestId("zones-count")).toHaveText(`Showing 30 of at least 30 zones (${NOT_READ})`, { timeout: 60_000 });
  await expect(page.getByTestId("zones-coverage")).toHaveText(`Partial: ${NOT_READ}. Counts below are what was read so far.`);
  // Totals per account and overall; the refused account's count is unknown, so the total is at least 30.
  const totals = page.getByTestId("zones-accounts-totals");
  await expect(totals).toHaveText(/^30\+ zones in 3 accounts: .+ 30 · Staging 0 · Acquired Co —$/);
  const partial = page.getByTestId("zones-accounts-partial");
  await expect(partial).toContainText("Partial: 2 of 3 accounts read; Acquired Co could not be read:");
  await expect(partial).not.toContainText("refused-by-the-platform");
  // Each account's snapshot: none taken yet, each entry's its own (GET /api/snapshots).
  await expect(page.getByTestId("account-snapshots").locator("li")).toHaveText([
    /^.+: no snapshot yet \(scanned live\)$/,
    "Staging: no snapshot yet (scanned live)",
    "Acquired Co: no snapshot yet (scanned live)",
  ]);

  // Every row names its account, with the account id on hover.
  const first = page.getByTestId("zone-row").first();
  const accountCell = first.locator("[data-account-id]");
  const sandboxId = (await accountCell.getAttribute("data-account-id"))!;
  expect(sandboxId).toMatch(/^[0-9a-f]{32}$/);
  await expect(accountCell).toHaveAttribute("title", `Account id ${sandboxId}`);

  // The filter offers every account with an id, labelled for assistive technology.
  const filter = page.getByRole("combobox", { name: "Account" });
  await expect(filter.locator("option")).toHaveText(["All accounts", (await accountCell.innerText()).trim(), "Staging", "Acquired Co"]);
  expect(await seriousViolations(page)).toEqual([]);
  // The overview counts per account: a refused account's count is unknown (a dash), never 0; each account read in
  // full is exact, while every count over all of them may still grow.
  const byAccount = page.getByRole("region", { name: "By account" });
  await expect(byAccount.getByRole("button")).toHaveText([/ 30$/, /^Staging 0$/, /^Acquired Co —/]);
  const byPlan = page.getByRole("region", { name: "By plan" }).getByRole("button");
  for (const plan of await byPlan.all()) await expect(plan).toContainText(/\d\+ \(At least \d+: 30 zones read; 1 of 3 accounts/);

  // The export can be taken once nothing more is read, and its file says it is partial (header and name).
  const exportAll = page.getByRole("link", { name: "Export CSV" });
  await expect(exportAll).toHaveAttribute("download", "zones-partial.csv");
  const [download] = await Promise.all([page.waitForEvent("download"), exportAll.click()]);
  expect(download.suggestedFilename()).toBe("zones-partial.csv");
  const file = readFileSync((await download.path())!, "utf8");
  expect(file).toMatch(/^id,name,/);
  expect(file.match(new RegExp(sandboxId, "g"))?.length).toBeGreaterThanOrEqual(30);
  expect(file).not.toContain(ACQUIRED_ID);
  const csv = await page.request.get(`${preflight.url}/api/zones?format=csv`);
  expect(csv.headers()["x-preflight-complete"]).toBe("false");

  // From the keyboard: the first account after "All accounts" is the sandbox's.
  await filter.focus();
  await page.keyboard.press("ArrowDown");
  await expect(page).toHaveURL(new RegExp(`[?&]account=${sandboxId}`));
  await expect(page.getByTestId("zones-count")).toHaveText("Showing 30 of 30 zones", { timeout: 60_000 });
  await filter.selectOption(STAGING_ID);
  await expect(page).toHaveURL(new RegExp(`[?&]account=${STAGING_ID}`));
  await expect(page.getByTestId("zones-empty")).toContainText("No zone in the account chosen");

  // A shared link opens the same account: the server reads only it (no coverage line for the others).
  await page.goto(`${preflight.url}/zones?account=${sandboxId}`);
  await expect(page.getByTestId("zones-count")).toHaveText("Showing 30 of 30 zones", { timeout: 60_000 });
  await expect(page.getByRole("combobox", { name: "Account" })).toHaveValue(sandboxId);
  await expect(page.getByTestId("zones-accounts")).toHaveCount(0);
  const exportLink = page.getByRole("link", { name: "Export CSV" });
  await expect(exportLink).toHaveAttribute("href", `/api/zones?format=csv&account=${sandboxId}`);

  // The zone's link carries its account; the zone's page reads with it.
  const link = page.getByTestId("zone-row").first().getByRole("link").first();
  const name = (await link.innerText()).trim();
  await expect(link).toHaveAttribute("href", new RegExp(`^/zones/[0-9a-f]{32}\\?account=${sandboxId}$`));
  await link.click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("zone-account")).toHaveAttribute("title", `Account id ${sandboxId}`);
  await expect(page.getByRole("link", { name: "← All zones" })).toHaveAttribute("href", `/zones?account=${sandboxId}`);
});

test("Certificates, Changes and Reviews filter by account through the URL", async ({ page }) => {
  test.setTimeout(180_000);
  // Certificates: every row names its account; totals per account beside the audit's own coverage.
  await page.goto(`${preflight.url}/certificates`);
  const totals = page.getByTestId("certificates-accounts-totals");
  await expect(totals).toHaveText(/^30\+ zones audited in 3 accounts: .+ 30 · Staging 0 · Acquired Co —$/, { timeout: 90_000 });
  await expect(page.getByTestId("certificates-accounts-partial")).toContainText("Acquired Co could not be read:");
  // Every figure over all accounts is at least so many: the refused account's certificates are unknown.
  const count = page.getByTestId("certificates-count");
  await expect(count).toHaveText(new RegExp(`^Showing (\\d+) of at least \\1 certificates \\(from ${NOT_READ}\\)$`));
  await expect(page.getByTestId("certificates-coverage")).toContainText(`Partial: ${NOT_READ}.`);
  await expect(page.getByTestId("total-action_required")).toHaveText(/^(\d+\+ \(At least|— \(None found yet)/);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
  expect(download.suggestedFilename()).toBe("certificates-partial.csv");
  const accountCell = page.getByTestId("certificate-row").first().locator("[data-account-id]");
  const sandboxId = (await accountCell.getAttribute("data-account-id"))!;
  expect(sandboxId).toMatch(/^[0-9a-f]{32}$/);
  const certificates = Number(/^Showing (\d+)/.exec(await count.innerText())![1]);
  const filter = page.getByRole("combobox", { name: "Account" });
  await filter.selectOption(STAGING_ID);
  await expect(page).toHaveURL(new RegExp(`/certificates\\?(.*&)?account=${STAGING_ID}`));
  await expect(page.getByTestId("certificates-count")).toHaveText("Showing 0 of 0 certificates", { timeout: 60_000 });
  // A shared link reads only that account: every row is the sandbox account's, the same rows as before.
  await page.goto(`${preflight.url}/certificates?account=${sandboxId}`);
  await expect(page.getByTestId("certificates-count")).toHaveText(`Showing ${certificates} of ${certificates} certificates`, {
    timeout: 90_000,
  });
  await expect(page.getByRole("combobox", { name: "Account" })).toHaveValue(sandboxId);
  await expect(page.getByTestId("certificates-accounts")).toHaveCount(0);
  const ids = await page
    .getByTestId("certificate-row")
    .locator("[data-account-id]")
    .evaluateAll((cells) => cells.map((cell) => cell.getAttribute("data-account-id")));
  expect(ids.length).toBeGreaterThan(0);
  expect(new Set(ids)).toEqual(new Set([sandboxId]));

  // Changes and Reviews offer every account Preflight reads (GET /api/accounts) and keep the choice in the URL.
  for (const [path, empty] of [
    ["/changes", "changes-empty"],
    ["/reviews", "reviews-empty"],
  ] as const) {
    await page.goto(`${preflight.url}${path}`);
    const choice = page.getByRole("combobox", { name: "Account" });
    await expect(choice.locator("option")).toHaveText(["All accounts", /.+/, "Staging", "Acquired Co"], { timeout: 30_000 });
    await choice.selectOption(ACQUIRED_ID);
    await expect(page).toHaveURL(new RegExp(`${path}\\?(.*&)?account=${ACQUIRED_ID}`));
    await expect(page.getByTestId(empty)).toBeVisible({ timeout: 30_000 });
    await page.goto(`${preflight.url}${path}?account=${STAGING_ID}`);
    await expect(page.getByRole("combobox", { name: "Account" })).toHaveValue(STAGING_ID);
  }
});

test("Settings lists each configured entry: its account, its kind of credential and its own limits, never the secret", async ({ page }) => {
  await page.goto(`${preflight.url}/settings`);
  const table = page.getByTestId("settings-accounts");
  const rows = table.locator("tbody tr");
  await expect(rows.locator("td:first-child")).toHaveText(["security", "staging", "acquired"]);
  await expect(rows.nth(1)).toContainText(`Staging (${STAGING_ID})`);
  await expect(rows.nth(2)).toContainText(`Acquired Co (${ACQUIRED_ID})`);
  for (const row of await rows.all()) await expect(row).toContainText("API token (Bearer)");
  await expect(rows.nth(0)).toContainText(/account: \d+ of \d+ left per \d+ s/);
  expect(await page.content()).not.toContain("refused-by-the-platform");
  expect(await page.content()).not.toContain(E2E.apiToken);
});

test("the Validation page filters by account, and reads a zone's window with its own account", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`${preflight.url}/validation`);
  const filter = page.getByRole("combobox", { name: "Account" });
  await expect(filter.locator("option")).toHaveCount(4, { timeout: 60_000 });
  await filter.selectOption({ label: "Staging" });
  await expect(page).toHaveURL(new RegExp(`account=${STAGING_ID}`));
  await expect(page.getByText("No zone runs both versions: nothing to compare.")).toBeVisible({ timeout: 30_000 });
  await filter.selectOption({ label: "All accounts" });
  await expect(page).not.toHaveURL(/account=/);
  // Over every account the count may still grow: the refused account's zones are unknown.
  await expect(page.getByTestId("validation-coverage")).toContainText(`Partial: ${NOT_READ}.`, { timeout: 30_000 });
  await expect(page.getByTestId("validation-zone-count")).toHaveText(/^\d+\+ \(At least \d+: 30 zones read; 1 of 3 accounts/);
  const zone = page.getByRole("navigation", { name: "Zones in validation mode" }).getByRole("link").first();
  await expect(zone).toBeVisible({ timeout: 30_000 });
  const asked = page.waitForRequest((request) => /\/api\/zones\/[0-9a-f]{32}\/validation\?.*account=[0-9a-f]{32}/.test(request.url()));
  await zone.click();
  await asked;
});

test("the Mapping page filters by account: its figures become that account's", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`${preflight.url}/mapping`);
  // Totals per account and overall, as on Zones; the refused account's zones are unknown.
  const totals = page.getByTestId("mapping-accounts-totals");
  await expect(totals).toHaveText(/^30\+ zones in 3 accounts: .+ 30 · Staging 0 · Acquired Co —$/, { timeout: 60_000 });
  await expect(page.getByTestId("mapping-accounts-partial")).toContainText("Acquired Co could not be read:");
  const heading = page.getByRole("heading", { level: 2, name: /zones with a previous core rule set/ });
  const mapped = page.getByTestId("mapped-count");
  // Every account's figure is at least so many, never exact: the refused account's zones are not counted.
  await expect(heading).toHaveText(new RegExp(`^All accounts: \\d+\\+ \\(At least \\d+: ${NOT_READ}\\) zones`));
  await expect(page.getByTestId("mapping-coverage")).toHaveText(`Partial: ${NOT_READ}. Counts below are what was read so far.`);
  await expect(page.getByTestId("distribution-table").getByText(/^\s*0\s*$/)).toHaveCount(0);
  const all = Number(/^\d+/.exec((await mapped.textContent())!)![0]);
  expect(all).toBeGreaterThan(0);

  const filter = page.getByRole("combobox", { name: "Account" });
  await filter.selectOption(STAGING_ID);
  await expect(page).toHaveURL(new RegExp(`/mapping\\?account=${STAGING_ID}$`));
  await expect(heading).toHaveText(/^Staging: 0 zones/, { timeout: 30_000 });
  await expect(page.getByTestId("mapping-accounts")).toHaveCount(0);

  // The sandbox's account alone: the only account with zones, read in full, so its figure is exact.
  const sandboxOption = filter.locator("option").nth(1);
  const sandboxName = (await sandboxOption.innerText()).trim();
  await filter.selectOption((await sandboxOption.getAttribute("value"))!);
  await expect(heading).toHaveText(new RegExp(`^${sandboxName}: ${all} zones`), { timeout: 30_000 });
  await expect(page.getByTestId("mapping-coverage")).toHaveCount(0);
  await filter.selectOption({ label: "All accounts" });
  await expect(page).not.toHaveURL(/account=/);
  await expect(heading).toHaveText(new RegExp(`^All accounts: ${all}\\+ \\(At least`), { timeout: 30_000 });
});
