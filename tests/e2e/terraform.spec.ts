// The Terraform export through a real browser: a zone's file in both provider syntaxes from the zone page
// (proposed and live, each with its import block), a clear error for a configuration the zone lacks, and
// the account-wide export from the Zones page as one file and as a zip of one file per zone.
import { readFileSync } from "node:fs";
import { strFromU8, unzipSync } from "fflate";
import { expect, test, type Download, type Page } from "@playwright/test";
import { E2E } from "./environment";
import { sandboxZoneNames } from "./sandbox";

const ENTRYPOINT = "http_request_firewall_managed";

async function sandboxGet<T>(path: string): Promise<T> {
  const response = await fetch(`${E2E.sandboxUrl}/client/v4${path}`, { headers: { Authorization: `Bearer ${E2E.apiToken}` } });
  return ((await response.json()) as { result: T }).result;
}

/** The first zone in validation mode (Enterprise): it has a proposed configuration and a live entry point. */
async function validationZone(): Promise<{ id: string; name: string; entrypointId: string }> {
  for (let page = 1; ; page++) {
    const zones = await sandboxGet<Array<{ id: string; name: string; plan: { legacy_id: string } }>>(`/zones?per_page=50&page=${page}`);
    if (zones.length === 0) throw new Error("no zone in validation mode in the sandbox");
    for (const zone of zones.filter((z) => z.plan.legacy_id === "enterprise")) {
      const status = await sandboxGet<{ migration_state: string }>(`/zones/${zone.id}/waf_migration/status`);
      if (status.migration_state !== "validation") continue;
      const entrypoint = await sandboxGet<{ id: string }>(`/zones/${zone.id}/rulesets/phases/${ENTRYPOINT}/entrypoint`);
      return { id: zone.id, name: zone.name, entrypointId: entrypoint.id };
    }
  }
}

async function downloaded(page: Page, click: () => Promise<void>): Promise<{ download: Download; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent("download", { timeout: 150_000 }), click()]);
  return { download, bytes: readFileSync((await download.path())!) };
}

test("a zone's entry point downloads as Terraform in both provider syntaxes, proposed and live", async ({ page }) => {
  const zone = await validationZone();
  await page.goto(`/zones/${zone.id}`);
  const section = page.getByRole("region", { name: "Terraform" });
  await expect(section).toBeVisible();

  // 4.x, the configuration the migration proposes: blocks, and the import of the entry point validation mode created.
  await section.getByRole("radio", { name: "Provider 4.x (rules { … } blocks)" }).check();
  await section.getByRole("radio", { name: "Proposed by the migration" }).check();
  const v4 = await downloaded(page, () => section.getByRole("button", { name: "Download Terraform" }).click());
  expect(v4.download.suggestedFilename()).toMatch(/\.proposed\.v4\.tf$/);
  const v4Text = v4.bytes.toString("utf8");
  expect(v4Text).toContain(`id = "zone/${zone.id}/${zone.entrypointId}"`);
  expect(v4Text).toMatch(/resource "cloudflare_ruleset" "[a-z0-9_-]+" \{/);
  expect(v4Text).toMatch(/^ {2}phase +?= "http_request_firewall_managed"$/m);
  expect(v4Text).toMatch(/^ {2}rules \{$/m);
  expect(v4Text).toMatch(/^ {8}categories \{$/m);
  expect(v4Text).toContain("# 4814384a9e5d4991b9815dcfc25d2f1f: the Cloudflare OWASP Core Ruleset.");
  expect(v4Text).toMatch(/# paranoia-level-\d: OWASP paranoia level \d, turned off\./);
  expect(v4Text).toContain("terraform state rm");
  expect(v4Text).not.toMatch(/^\s*(version|last_updated)\s*=/m);
  await expect(section.getByRole("status")).toContainText("Saved the proposed configuration for provider 4.x");

  // 5.x, the live entry point, chosen with the keyboard: attributes, and the 5.x import ID.
  await section.getByRole("radio", { name: "Provider 5.x (rules = [ … ])" }).focus();
  await page.keyboard.press("Space");
  await section.getByRole("radio", { name: "Live entry point" }).check();
  await section.getByRole("button", { name: "Download Terraform" }).focus();
  const v5 = await downloaded(page, () => page.keyboard.press("Enter"));
  expect(v5.download.suggestedFilename()).toMatch(/\.live\.v5\.tf$/);
  const v5Text = v5.bytes.toString("utf8");
  expect(v5Text).toContain(`id = "zones/${zone.id}/${zone.entrypointId}"`);
  expect(v5Text).toMatch(/^ {2}rules = \[$/m);
  expect(v5Text).toMatch(/^ {10}categories = \[$/m);
  expect(v5Text).toContain("as it runs now (version");
});

test("a configuration the zone does not have is a clear error on the zone page", async ({ page }) => {
  const zones = await sandboxGet<Array<{ id: string; plan: { legacy_id: string } }>>("/zones?per_page=50&page=1");
  let zoneId: string | undefined;
  for (const zone of zones.filter((z) => z.plan.legacy_id !== "enterprise")) {
    const status = await sandboxGet<{ migration_state: string }>(`/zones/${zone.id}/waf_migration/status`);
    if (status.migration_state === "start") {
      zoneId = zone.id;
      break;
    }
  }
  await page.goto(`/zones/${zoneId!}`);
  const section = page.getByRole("region", { name: "Terraform" });
  await section.getByRole("radio", { name: "Live entry point" }).check();
  await section.getByRole("button", { name: "Download Terraform" }).click();
  await expect(section.getByRole("alert")).toContainText("no http_request_firewall_managed entry point yet");
});

test("the account-wide export covers every zone, as one file and as a zip of one file per zone", async ({ page }) => {
  test.setTimeout(300_000);
  const names = await sandboxZoneNames();
  await page.goto("/zones");
  await page.getByText("Export Terraform for every zone").click();
  const panel = page.locator("details", { hasText: "Export Terraform for every zone" });
  await panel.getByRole("radio", { name: "Provider 4.x (rules { … } blocks)" }).check();

  const file = await downloaded(page, () => panel.getByRole("button", { name: "Export Terraform" }).click());
  expect(file.download.suggestedFilename()).toBe("preflight-terraform-v4.tf");
  const text = file.bytes.toString("utf8");
  expect(text).toContain(`# Every zone of the account (${names.length})`);
  const marked = text.match(/^# ==== (?:FAILED |SKIPPED )?zone .* \([0-9a-f]{32}\) ====$/gm) ?? [];
  expect(marked).toHaveLength(names.length);
  const result = panel.getByTestId("terraform-export-result");
  await expect(result).toContainText("zones exported");
  const exported = Number(/Saved: (\d+) zones? exported/.exec((await result.textContent())!)![1]);
  expect(text.match(/^resource "cloudflare_ruleset"/gm)).toHaveLength(exported);
  expect(text.match(/^import \{$/gm)).toHaveLength(exported);

  await panel.getByRole("radio", { name: "Zip, one file per zone" }).check();
  await panel.getByRole("radio", { name: "Provider 5.x (rules = [ … ])" }).check();
  const zip = await downloaded(page, () => panel.getByRole("button", { name: "Export Terraform" }).click());
  expect(zip.download.suggestedFilename()).toBe("preflight-terraform-v5.zip");
  const files = unzipSync(new Uint8Array(zip.bytes));
  expect(Object.keys(files).filter((f) => f.endsWith(".tf"))).toHaveLength(names.length);
  expect(strFromU8(files["README.md"]!)).toContain("terraform state rm");
  const withResource = Object.values(files).filter((bytes) => /^resource "cloudflare_ruleset"/m.test(strFromU8(bytes)));
  expect(withResource).toHaveLength(exported);
  expect(strFromU8(withResource[0]!)).toMatch(/^ {2}rules = \[$/m);
});
