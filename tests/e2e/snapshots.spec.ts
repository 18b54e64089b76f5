import { expect, test } from "@playwright/test";

// The snapshot is discarded afterwards: the other specs expect the pages to scan live.
test.afterEach(async ({ request }) => {
  await request.delete("/api/snapshots", { headers: { "x-preflight-demo-user": "planner" } });
});

test("after a snapshot refresh, the Zones page says how old its rows are, and Settings shows each request's usage", async ({
  page,
  request,
}) => {
  await page.goto("/zones");
  await expect(page.getByTestId("snapshot-banner")).toContainText("Scanned live (no snapshot yet)");

  // The refresh as the cron or a planner runs it: one budget-sized step per request, until it publishes.
  for (let step = 0; ; step++) {
    const response = await request.post("/api/snapshots/refresh", { headers: { "x-preflight-demo-user": "planner" }, data: {} });
    expect(response.status()).toBe(200);
    const [used, budget] = (response.headers()["x-preflight-subrequests"] ?? "").split("/").map(Number);
    expect(used).toBeLessThanOrEqual(budget!);
    if (((await response.json()) as { result: string }).result === "published") break;
    expect(step).toBeLessThan(200);
  }

  await page.goto("/zones");
  await expect(page.getByTestId("snapshot-banner")).toContainText(/Snapshot from (less than a minute|\d+ min) ago/);
  await expect(page.getByTestId("zones-count")).toContainText("Showing 240 of 240 zones");
  const snapshot = (await (await request.get("/api/zones")).json()) as { snapshot: { zoneCount: number } | null };
  expect(snapshot.snapshot?.zoneCount).toBe(240);

  // Update snapshot runs the steps from the browser and reloads the rows from the new snapshot.
  await page.getByRole("button", { name: "Update snapshot" }).click();
  await expect(page.getByTestId("snapshot-banner")).toContainText("refreshing");
  await expect(page.getByRole("button", { name: "Update snapshot" })).toBeEnabled({ timeout: 60_000 });

  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Runtime limits" })).toBeVisible();
  await expect(page.getByText("Simultaneous upstream connections").first()).toBeVisible();
  await expect(page.getByTestId("request-usage")).toContainText("POST /api/snapshots/refresh");
  await expect(page.getByTestId("request-usage")).toContainText("GET /api/zones");
});

test("a JSON body over the limit is refused with 413 before it is parsed", async ({ request }) => {
  const response = await request.post("/api/snapshots/refresh", {
    headers: { "x-preflight-demo-user": "planner", "Content-Type": "application/json" },
    data: JSON.stringify({ restart: false, pad: "x".repeat(1_100_000) }),
  });
  expect(response.status()).toBe(413);
  expect(((await response.json()) as { error: { field: string } }).error.field).toBe("body");
});

// Edge only (`npm run test:edge`): the worker's scheduled handler, fired as the cron would fire it, must
// reach the refresh operation inside workerd with the shared secret and run a step there.
test("the cron trigger runs a refresh step inside the worker", { tag: "@smoke" }, async ({ request }) => {
  test.skip(process.env.E2E_RUNTIME !== "edge", "the scheduled trigger exists on the edge runtime only");
  const planner = { "x-preflight-demo-user": "planner" };
  await request.delete("/api/snapshots", { headers: planner });
  const before = (await (await request.get("/api/snapshots")).json()) as { snapshot: unknown; refreshing: unknown };
  expect(before).toMatchObject({ snapshot: null, refreshing: null });

  const fired = await request.get("/__scheduled?cron=*+*+*+*+*");
  expect(fired.ok()).toBe(true);
  // The step runs in the background of the event (waitUntil); its run state shows up in the bucket.
  await expect
    .poll(
      async () => {
        const status = (await (await request.get("/api/snapshots")).json()) as { snapshot: unknown; refreshing: unknown };
        return status.refreshing !== null || status.snapshot !== null;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
});
