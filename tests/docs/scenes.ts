// What each picture shows and how the run gets there: the pages in the order of the work (plan, compare,
// audit, explore, review, watch), each waited on until its data is in. Changes a person would make happen
// through the sandbox's controls and Preflight's own operations, as in the e2e suite. A scene that needs nothing
// of another stands alone, so `npm run docs:screenshots -- --only <picture>` retakes its pictures only.
import { readFileSync } from "node:fs";
import type { Browser } from "@playwright/test";
import { pageAs, untilSettled, untilText, type Shot } from "@/tests/docs/browser";
import type { DemoAccount } from "@/tests/docs/demo-account";
import { SCREENSHOTS, type ScreenshotFile } from "@/tests/docs/screenshot-pages";

const PEM = "tests/unit/certificates/fixtures/letsencrypt-2022-fullchain.pem";

export interface Scene {
  files: readonly ScreenshotFile[];
  /** The sandbox's accounts the demo serves for this scene (SANDBOX_ACCOUNTS): the docs' single account unless named. */
  sandboxAccounts?: string;
  run: (browser: Browser, baseUrl: string, demo: DemoAccount, shot: Shot) => Promise<void>;
}

/** The demo chain's split (the Splitter pays two contracts; one refuses), opened after the team uploaded the Splitter's ABI. */
async function traceDecoding(browser: Browser, baseUrl: string, demo: DemoAccount, shot: Shot): Promise<void> {
  const page = await pageAs(browser, baseUrl, "planner");
  const { decoding } = await demo.gatewaySeed();
  await demo.preflight("planner", "/api/abis", "POST", { address: decoding.splitter, abi: demo.splitterAbi() });
  const { hash, blockNumber } = decoding.transactions.split;
  await page.goto(`/traces?fromBlock=${blockNumber}&toBlock=${blockNumber}&tx=${hash}&frame=top`);
  const tree = page.getByRole("tree");
  await untilText(tree.locator('[data-frame=""]').getByTestId("decode-source"), /^from your ABI$/);
  await untilText(page.getByTestId("frame-detail"), /split\(address\[\],uint64\)/);
  await page.getByTestId("value-flow-row").first().waitFor();
  await untilSettled(page);
  await shot(page, "trace-decoding.png", page.getByRole("region", { name: "Call tree", exact: true }));
}

/** What `npm start` shows: the sandbox's three accounts on one Zones page, each zone naming its account. */
async function severalAccounts(browser: Browser, baseUrl: string, _demo: DemoAccount, shot: Shot): Promise<void> {
  const page = await pageAs(browser, baseUrl, "planner");
  await page.goto("/zones");
  await untilText(page.getByTestId("zones-count"), /^Showing (\d+) of \1 zones$/);
  await untilText(page.getByTestId("zones-accounts-totals"), /zones in 3 accounts/);
  await page.getByTestId("account-snapshots").waitFor();
  await untilSettled(page);
  await shot(page, "zones-accounts.png");
}

const OWN_SCENES = ["trace-decoding.png", "zones-accounts.png"];

export const SCENES: readonly Scene[] = [
  { files: SCREENSHOTS.map((s) => s.file).filter((file) => !OWN_SCENES.includes(file)), run: walkThrough },
  { files: ["trace-decoding.png"], run: traceDecoding },
  { files: ["zones-accounts.png"], sandboxAccounts: "security,staging,acquired", run: severalAccounts },
];

/** The pages in the order of the work, each scene building on the changes of the one before. */
async function walkThrough(browser: Browser, baseUrl: string, demo: DemoAccount, shot: Shot): Promise<void> {
  const page = await pageAs(browser, baseUrl, "planner");
  const region = (name: string) => page.getByRole("region", { name, exact: true });

  // Migration planner: the account, a blocked zone, the mapping.
  await page.goto("/zones");
  await untilText(page.getByTestId("zones-count"), /^Showing (\d+) of \1 zones$/);
  await untilSettled(page);
  await shot(page, "zones.png");

  await page.goto("/zones?verdict=blocked");
  await untilText(page.getByTestId("zones-count"), /^Showing [1-9]\d* of \d+ zones$/);
  const blocked = await page.getByTestId("zone-row").first().getByRole("link").getAttribute("href");
  await page.goto(blocked!);
  await page.getByTestId("zone-reasons").waitFor();
  await shot(page, "zone-detail.png");
  await page.getByTestId("procedure-step").first().waitFor();
  await shot(page, "zone-procedure.png", region("Proposed configuration"));

  await page.goto("/mapping");
  await page.getByTestId("distribution-table").waitFor();
  await untilSettled(page);
  await shot(page, "mapping.png");

  // Ruleset diff and Terraform: a validation-mode zone whose entry point someone gave a skip rule since.
  const validation = await demo.validationZone();
  await demo.editEntrypoint(validation.id, { edit: "add_skip_rule", path: "/health" });
  await page.goto(`/zones/${validation.id}`);
  await untilText(page.getByTestId("migration-changes"), /skip rule/);
  await shot(page, "ruleset-diff.png", region("What the migration changes"));
  await shot(page, "terraform-zone.png", region("Terraform"));

  // Validation mode: the decision, then the drill-down to what only the new rules block.
  await page.goto(`/validation?zone=${validation.id}`);
  await untilText(page.getByTestId("decision-summary"), /would now be blocked/);
  await untilText(page.getByTestId("requests-count"), /^Showing [\d,]+ of [\d,]+ requests$/);
  await untilSettled(page);
  await shot(page, "validation.png");
  await page.goto(`/validation?zone=${validation.id}&class=newOnly&action=block`);
  await untilText(page.getByTestId("requests-count"), /^Showing [1-9][\d,]* of [\d,]+ requests$/);
  await untilSettled(page);
  await shot(page, "validation-requests.png", region("Individual requests"));

  // Certificates: the audit, a legacy-chain custom hostname, the client impact, the chain inspector.
  await page.goto("/certificates");
  await untilText(page.getByTestId("certificates-count"), /Showing/);
  await page.getByLabel("Auditing zones").waitFor({ state: "detached" });
  await shot(page, "certificates.png");
  await page.goto("/certificates?verdict=action_required&kind=custom_hostname&ca=lets_encrypt");
  await untilText(page.getByTestId("certificates-count"), /Showing [1-9]/);
  for (const row of (await page.getByTestId("certificate-row").all()).slice(0, 3)) await row.getByRole("checkbox").check();
  await page.getByTestId("certificate-row").first().click();
  await page.getByTestId("patch-preview").waitFor();
  await shot(page, "certificate-hostname.png", page.getByTestId("switch-count").locator("xpath=ancestor::section[1]"));
  await page.keyboard.press("Escape");

  await page.goto("/certificates");
  await untilText(page.getByTestId("certificates-count"), /Showing/);
  await page.getByRole("button", { name: "Read client impact (7 days)" }).click();
  await untilText(page.getByTestId("impact-coverage"), /(25 of \d+|All \d+) zones read/);
  await untilText(page.getByTestId("certificate-row").first(), /Android ≤ 7\.0: [\d.]+ %/);
  await page.getByTestId("certificate-row").first().click();
  await page.getByTestId("certificate-detail").getByTestId("impact-host-row").first().waitFor();
  await shot(page, "certificate-impact.png", page.getByTestId("certificate-detail"));
  await page.keyboard.press("Escape");
  await page.getByLabel("PEM bundle").fill(readFileSync(PEM, "utf8"));
  await page.getByRole("button", { name: "Inspect" }).click();
  await untilText(page.getByTestId("failing-clients"), /7\.0 and earlier/);
  await shot(page, "chain-inspector.png", page.getByRole("region", { name: "Chain inspector" }));

  // Traces: the whole demo chain, and one nested transaction's call tree.
  const { hash } = (await demo.gatewaySeed()).nestedTransaction;
  await page.goto(`/traces?fromBlock=0&toBlock=latest&tx=${hash}`);
  await untilText(page.getByTestId("traces-summary"), /windows?/);
  await page.getByRole("tree").waitFor();
  await shot(page, "traces.png");
  await shot(page, "trace-call-tree.png", page.getByRole("tree"));

  // Reviews: a migration approved by a second person, then executed; another waiting for approval.
  const upgradable = await demo.upgradableZone();
  const migration = await demo.approvedReview({ kind: "complete_migration", zoneId: upgradable.id });
  await page.goto(`/reviews/${migration}`);
  await untilText(page.getByTestId("review-state"), /^approved$/);
  await shot(page, "review-packet.png");
  await demo.preflight("planner", `/api/reviews/${migration}/execute`, "POST", { confirm: upgradable.name });
  await page.reload();
  await untilText(page.getByTestId("review-state"), /^executed$/);
  await shot(page, "review-executed.png", region("Audit log"));
  const waiting = await demo.preflight<{ id: string }>("planner", "/api/reviews", "POST", {
    kind: "complete_migration",
    zoneId: validation.id,
  });
  await demo.preflight("planner", `/api/reviews/${waiting.id}/submit`, "POST", {});
  await page.goto("/reviews");
  await untilText(page.getByRole("main"), /submitted/);
  await shot(page, "reviews.png");

  // Drift and changes: the migrated zone edited in the dashboard, a hostname switched back, two refreshes.
  await demo.editEntrypoint(upgradable.id, { edit: "paranoia_level", level: 4 });
  await demo.refreshSnapshot();
  await demo.changeCertificate("switch_hostname_back");
  await demo.refreshSnapshot();
  await page.goto("/zones");
  await untilText(page.getByTestId("drift-flag"), new RegExp(upgradable.name.replace(/\./g, "\\.")));
  await untilSettled(page);
  await shot(page, "zones-drift.png");
  await page.goto(`/zones/${upgradable.id}`);
  await untilText(page.getByTestId("drift-changes"), /first seen/);
  await shot(page, "zone-drift.png", region("Drift since approval"));
  await page.goto("/changes");
  await untilText(page.getByTestId("change-row"), /./);
  await page
    .getByTestId("change-row")
    .filter({ hasText: upgradable.name })
    .getByText(/OWASP paranoia level/)
    .click();
  await page.getByTestId("change-detail").getByTestId("change-diff").waitFor();
  await shot(page, "changes.png");

  // Terraform for the whole account, then the settings with the requests this run made.
  await page.goto("/zones");
  await untilText(page.getByTestId("zones-count"), /^Showing (\d+) of \1 zones$/);
  await page.getByText("Export Terraform for every zone").click();
  const panel = page.locator("details", { hasText: "Export Terraform for every zone" });
  await Promise.all([page.waitForEvent("download"), panel.getByRole("button", { name: "Export Terraform" }).click()]);
  await untilText(page.getByTestId("terraform-export-result"), /^Saved:/);
  await shot(page, "terraform-account.png");
  await page.goto("/settings");
  await page.getByTestId("request-usage").waitFor();
  await shot(page, "settings.png");
}
