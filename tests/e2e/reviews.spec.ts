// Four eyes in two browsers: the planner creates a migration review from a zone and cannot approve it,
// the approver approves, the planner executes, the sandbox shows the zone migrated, the audit log each step.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { E2E } from "./environment";
import { editEntrypoint, migrationStatus, resetSandbox, sandboxCalls, upgradableZone, validationModeZone } from "./sandbox";

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

test("a migration review needs a second person, then runs once and is audited", { tag: "@smoke" }, async ({ browser }) => {
  test.setTimeout(180_000);
  const zone = await upgradableZone();
  const planner = await pageAs(browser, "planner");
  const approver = await pageAs(browser, "planner"); // switches to approver-1 with the shell's switcher

  await planner.goto(`/zones/${zone.id}`);
  await planner.getByRole("link", { name: "Create review: complete the migration" }).click();
  await expect(planner).toHaveURL(/\/reviews\?create=complete_migration/);
  await planner.getByRole("button", { name: "Create review" }).click();
  await expect(planner).toHaveURL(/\/reviews\/[0-9a-f-]{36}$/);
  const reviewUrl = planner.url();
  await expect(planner.getByTestId("planned-calls")).toContainText(
    `PUT /zones/${zone.id}/rulesets/phases/http_request_firewall_managed/entrypoint?waf_migration=pending&phase_two=1`,
  );
  await expect(planner.getByTestId("review-state")).toHaveText("draft");
  // What the approver approves, in words: the zone has no entry point yet, so the PUT creates it.
  await expect(planner.getByTestId("review-ruleset-diff")).toContainText(/entry point created with \d+ rules/);
  await expect(planner.getByTestId("review-ruleset-diff")).toContainText("execute Cloudflare OWASP Core Ruleset added");

  await step(planner, "Submit for approval");
  await expect(planner.getByTestId("review-state")).toHaveText("submitted");
  await step(planner, "Approve");
  await expect(planner.getByRole("alert").filter({ hasText: "approver role" })).toBeVisible();
  await expect(planner.getByTestId("review-state")).toHaveText("submitted");

  await approver.goto(reviewUrl);
  await approver.getByLabel("Demo user").selectOption("approver-1");
  await expect(approver.getByLabel("Demo user")).toHaveValue("approver-1");
  await step(approver, "Approve");
  await expect(approver.getByTestId("review-state")).toHaveText("approved");

  await planner.reload();
  await planner.getByRole("button", { name: "Execute", exact: true }).click();
  await expect(planner.getByRole("button", { name: "Confirm: Execute" })).toBeDisabled(); // until the zone name is typed
  await planner.getByLabel("Zone name").fill(zone.name);
  await planner.getByRole("button", { name: "Confirm: Execute" }).click();
  await expect(planner.getByTestId("review-state")).toHaveText("executed", { timeout: 30_000 });

  expect(await migrationStatus(zone.id)).toMatchObject({
    migration_state: "completed",
    new_waf_status: "enabled",
    old_waf_status: "disabled",
  });
  const puts = (await sandboxCalls()).filter((c) => c.method === "PUT" && c.path.includes(zone.id));
  expect(puts).toHaveLength(1);

  const audit = planner.getByTestId("audit-log");
  for (const line of [
    "planner · created",
    "planner · submit → submitted",
    "approver-1 · approve → approved",
    "planner · execution_started → executing",
    "planner · call_succeeded",
    "planner · execution_executed → executed",
  ]) {
    await expect(audit).toContainText(line);
  }
  await expect(audit).toContainText("HTTP 200");
});

test("the operations answer 401, 403 and 409 as documented", async ({ request }) => {
  const zone = await upgradableZone();
  const as = (user: string) => ({ "x-preflight-demo-user": user });
  expect((await request.get("/api/reviews", { headers: as("mallory") })).status()).toBe(401);
  const bad = await request.post("/api/reviews", { headers: as("planner"), data: { kind: "complete_migration", zoneId: "nope" } });
  expect(bad.status()).toBe(400);
  expect((await bad.json()).error.field).toBe("zoneId");
  const created = await request.post("/api/reviews", { headers: as("approver-2"), data: { kind: "complete_migration", zoneId: zone.id } });
  expect(created.status()).toBe(201);
  const { id, state } = (await created.json()) as { id: string; state: string };
  expect(state).toBe("draft");
  expect((await request.post(`/api/reviews/${id}/submit`, { headers: as("approver-2") })).status()).toBe(200);
  expect((await request.post(`/api/reviews/${id}/approve`, { headers: as("approver-2") })).status()).toBe(403); // own review
  expect((await request.post(`/api/reviews/${id}/approve`, { headers: as("planner") })).status()).toBe(403); // role
  const crossSite = await request.post(`/api/reviews/${id}/approve`, { headers: { ...as("approver-1"), Origin: "https://evil.example" } });
  expect(crossSite.status()).toBe(403);
  expect((await request.post(`/api/reviews/${id}/approve`, { headers: as("approver-1") })).status()).toBe(200);
  expect((await request.post(`/api/reviews/${id}/approve`, { headers: as("approver-1") })).status()).toBe(409);
  const list = await request.get("/api/reviews?state=approved&author=approver-2", { headers: as("planner") });
  expect(((await list.json()) as { reviews: Array<{ id: string }> }).reviews.map((r) => r.id)).toContain(id);
});

test("a migration review says in words what it changes in the entry point, by meaning and not by position", async ({
  browser,
  request,
}) => {
  const zone = await validationModeZone();
  try {
    // Since validation started, someone added a skip rule for /health in front of the managed rulesets.
    await editEntrypoint(zone.id, (rules) => [
      { action: "skip", expression: 'http.request.uri.path eq "/health"', action_parameters: { ruleset: "current" } },
      ...rules,
    ]);
    const planner = await pageAs(browser, "planner");
    await planner.goto(`/zones/${zone.id}`);
    const changes = planner.getByTestId("migration-changes");
    await expect(changes).toContainText("From the live entry point version 2");
    await expect(changes.getByTestId("ruleset-diff").getByRole("listitem")).toHaveText(["skip rule for /health removed"]);

    const created = await request.post("/api/reviews", {
      headers: { "x-preflight-demo-user": "planner" },
      data: { kind: "complete_migration", zoneId: zone.id },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await planner.goto(`/reviews/${id}`);
    const diff = planner.getByTestId("review-ruleset-diff");
    await expect(diff).toContainText("Approving this review approves these changes");
    await expect(diff.getByTestId("ruleset-diff").getByRole("listitem")).toHaveText(["skip rule for /health removed"]);
    await expect(planner.getByTestId("review-ruleset-diff-computed")).toHaveCount(0);
  } finally {
    await resetSandbox();
  }
});
