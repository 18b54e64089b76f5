// The API token must never reach the browser: not in a page, an operation's answer, a header, an
// error, nor any file of the client bundle.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { E2E } from "./environment";
import { resetSandbox, setSandboxFaults } from "./sandbox";

test.afterEach(resetSandbox);

const PAGES = ["/zones", "/mapping", "/validation", "/certificates", "/traces", "/reviews", "/settings", "/no-such-page"];

test("no response the browser receives carries the API token", { tag: "@smoke" }, async ({ page }) => {
  const leaks: string[] = [];
  let inspected = 0;
  page.on("response", async (response) => {
    const headers = JSON.stringify(await response.allHeaders());
    const body = await response.body().catch(() => Buffer.alloc(0));
    inspected++;
    if (headers.includes(E2E.apiToken) || body.includes(E2E.apiToken)) leaks.push(response.url());
  });
  for (const path of PAGES) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  // Errors too: a failing platform must not make Preflight echo what it sent.
  await page.goto("/zones");
  await expect(page.getByRole("progressbar")).toHaveCount(0);
  await setSandboxFaults({ errorRate: 1 });
  await page.getByRole("button", { name: "Refresh" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "could not be loaded" })).toBeVisible();
  for (const path of ["/api/zones?refresh=1", "/api/zones?cursor=bad", "/api/health"]) await page.goto(path);
  await page.waitForLoadState("networkidle");

  expect(inspected).toBeGreaterThan(PAGES.length);
  expect(leaks).toEqual([]);
});

test("no file under .next/static contains the API token", () => {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.push(path);
    }
  };
  walk(".next/static");
  expect(files.length).toBeGreaterThan(0);
  const leaking = files.filter((file) => readFileSync(file).includes(E2E.apiToken));
  expect(leaking).toEqual([]);
});
