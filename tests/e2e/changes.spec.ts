import { expect, test, type APIRequestContext } from "@playwright/test";
import { changeSandboxCertificate, resetSandbox } from "./sandbox";

const PLANNER = { "x-preflight-demo-user": "planner" };

// The snapshot is discarded and the sandbox reset afterwards: the other specs expect live scans of the seeded account.
test.afterEach(async ({ request }) => {
  await request.delete("/api/snapshots", { headers: PLANNER });
  await resetSandbox();
});

/** A whole refresh as the cron or a planner runs it: budget-sized steps until it publishes. */
async function refreshSnapshot(request: APIRequestContext) {
  for (let step = 0; ; step++) {
    const response = await request.post("/api/snapshots/refresh", { headers: PLANNER, data: { restart: step === 0 } });
    expect(response.status()).toBe(200);
    if (((await response.json()) as { result: string }).result === "published") return;
    expect(step).toBeLessThan(300);
  }
}

test("a custom hostname switched back between two refreshes is on the Changes view and flagged on the Certificates page", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const since = new Date().toISOString();
  await refreshSnapshot(request);
  const { zone, certificate } = await changeSandboxCertificate({ change: "switch_hostname_back" });
  await refreshSnapshot(request);
  const words = `Custom hostname ${certificate.hostname} is on lets_encrypt again (was google)`;

  // The view's filters are in the URL: a link shared in a review opens the same listing.
  await page.goto(`/changes?since=${encodeURIComponent(since)}&kind=hostname_switched_back`);
  await expect(page.getByRole("link", { name: "Changes", exact: true })).toHaveAttribute("aria-current", "page");
  const row = page.getByTestId("change-row").filter({ hasText: words });
  await expect(row).toHaveCount(1);
  // The zone's link carries the change's account, as every zone link does.
  await expect(row.getByRole("link", { name: zone.name })).toHaveAttribute(
    "href",
    new RegExp(`^/zones/${zone.id}\\?account=[0-9a-f]{32}$`),
  );
  await row.getByText(words).click();
  const detail = page.getByTestId("change-detail");
  await expect(detail).toContainText(words);
  await expect(detail.getByTestId("change-diff")).toContainText("google");
  expect(new URL(page.url()).searchParams.get("open")).toContain(certificate.id);

  // Another kind filters it out; the empty state says why.
  await page.getByRole("combobox", { name: /^Change/ }).selectOption("drift");
  await expect(page.getByTestId("changes-empty")).toHaveText("No change matches these filters.");

  // The Certificates page, answered from the snapshot, counts the change and marks the hostname.
  await page.goto("/certificates");
  await expect(page.getByTestId("certificate-changes")).toContainText("1 change since the previous snapshot");
  await expect(page.getByTestId("certificate-changes")).toContainText(zone.name);
  await page.getByRole("searchbox", { name: "Zone or host" }).fill(certificate.hostname!);
  const hostnameRow = page.getByTestId("certificate-row").filter({ hasText: certificate.hostname! });
  await expect(hostnameRow.getByTestId("certificate-changed")).toBeVisible();
  await expect(hostnameRow.getByTestId("certificate-changed")).toHaveAttribute("title", words);
});
