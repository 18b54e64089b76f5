import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { E2E } from "./environment";
import { resetSandbox } from "./sandbox";

test.afterEach(resetSandbox);

/** Waits until every zone is audited (the first visit scans the account; later ones reuse the scan). */
async function openAudit(page: Page, path = "/certificates") {
  await page.goto(path);
  await expect(page.getByTestId("certificates-count")).toContainText("Showing", { timeout: 45_000 });
  await expect(page.getByLabel("Auditing zones")).toHaveCount(0, { timeout: 45_000 });
}

async function sandboxHostname(zoneId: string, id: string) {
  const response = await fetch(`${E2E.sandboxUrl}/client/v4/zones/${zoneId}/custom_hostnames?id=${id}`, {
    headers: { Authorization: `Bearer ${E2E.apiToken}` },
  });
  const body = (await response.json()) as { result: Array<{ hostname: string; ssl: { certificate_authority: string; method: string } }> };
  return body.result[0]!;
}

test("filter to action required, open a custom hostname, export the exact PATCH calls and the CSV", { tag: "@smoke" }, async ({ page }) => {
  await openAudit(page);
  await expect(page.getByTestId("expiry-summary")).toContainText("before 2024-09-09");
  await page.getByLabel("Verdict").selectOption("action_required");
  await expect(page).toHaveURL(/verdict=action_required/);
  const verdicts = await page.getByTestId("certificate-row").locator("[role=cell]:last-child").allInnerTexts();
  expect(new Set(verdicts)).toEqual(new Set(["Action required"]));

  await page.getByLabel("Type").selectOption("custom_hostname");
  await expect(page).toHaveURL(/kind=custom_hostname/);
  // Default-CA custom hostnames under CAA that blocks pki.goog are action required too, but are not switched: keep to lets_encrypt.
  await page.getByRole("combobox", { name: /^CA/ }).selectOption("lets_encrypt");
  await expect(page).toHaveURL(/ca=lets_encrypt/);
  const first = page.getByTestId("certificate-row").first();
  const hostname = (await first.locator("[role=cell]:nth-child(5)").innerText()).trim();
  await first.click();
  const detail = page.getByTestId("certificate-detail");
  await expect(detail.getByRole("heading", { name: hostname })).toBeVisible();
  await expect(detail).toContainText("Rule 6");
  await expect(detail.getByTestId("patch-preview")).toContainText('"certificate_authority": ""');
  await expect(page).toHaveURL(/open=custom_hostname/);

  // The link opens the same view: filters and the opened hostname.
  const shared = page.url();
  await openAudit(page, shared.replace(E2E.baseUrl, ""));
  await expect(page.getByTestId("certificate-detail").getByRole("heading", { name: hostname })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("certificate-detail")).toHaveCount(0);

  for (const row of await page
    .getByTestId("certificate-row")
    .all()
    .then((rows) => rows.slice(0, 3))) {
    await row.getByRole("checkbox").check();
  }
  await expect(page.getByTestId("switch-count")).toHaveText("3 custom hostnames selected to leave lets_encrypt");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export PATCH calls" }).click()]);
  const { calls } = JSON.parse(readFileSync((await download.path())!, "utf8")) as {
    calls: Array<{
      method: string;
      path: string;
      hostname: string;
      body: { ssl: { method: string; type: string; certificate_authority: string } };
    }>;
  };
  expect(calls).toHaveLength(3);
  for (const call of calls) {
    const [, zoneId, id] =
      /^\/zones\/([0-9a-f]{32})\/custom_hostnames\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/.exec(call.path)!; // hostname ids are UUIDs
    const upstream = await sandboxHostname(zoneId!, id!);
    expect(call.method).toBe("PATCH");
    expect(upstream.hostname).toBe(call.hostname);
    expect(upstream.ssl.certificate_authority).toBe("lets_encrypt");
    expect(call.body.ssl).toEqual({ method: upstream.ssl.method, type: "dv", certificate_authority: "" });
  }

  // The header checkbox selects exactly the legacy-chain custom hostnames the filters show.
  await page.getByRole("checkbox", { name: "Select every legacy-chain custom hostname shown" }).check();
  const shown = Number(/Showing (\d+) of/.exec(await page.getByTestId("certificates-count").innerText())![1]);
  await expect(page.getByTestId("switch-count")).toHaveText(`${shown} custom hostnames selected to leave lets_encrypt`);

  const [csv] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
  const lines = readFileSync((await csv.path())!, "utf8")
    .trim()
    .split("\r\n");
  expect(lines[0]).toBe(
    "zoneId,zoneName,accountId,accountName,kind,id,hosts,certificateAuthority,bundleMethod,uploadedOn,expiresOn,verdict,reason,action",
  );
  expect(lines.length).toBeGreaterThan(500);
});

test("a default-CA custom hostname under CAA that permits only letsencrypt.org is action required, with the record to add", async ({
  page,
}) => {
  await openAudit(page, "/certificates?verdict=action_required&kind=custom_hostname&ca=default");
  const first = page.getByTestId("certificate-row").first();
  const hostname = (await first.locator("[role=cell]:nth-child(5)").innerText()).trim();
  expect(hostname).toMatch(/^shop-\d+\./);
  await first.click();
  const detail = page.getByTestId("certificate-detail");
  await expect(detail).toContainText("permits letsencrypt.org but not pki.goog, so it stays on lets_encrypt");
  await expect(detail).toContainText('CAA 0 issue "pki.goog"');
  // Outside the account's zones the CAA is unknown: informational, never "No action".
  await openAudit(page, "/certificates?verdict=informational&kind=custom_hostname&ca=default");
  await page.getByTestId("certificate-row").first().click();
  await expect(page.getByTestId("certificate-detail")).toContainText("CAA is unknown");
});

// Issue 25 item 2: the sandbox's uploaded-certificate hostnames (lib/dev/sandbox/seed-uploaded-hostnames.ts).
test("a custom hostname serving an uploaded certificate is judged by its issuer and upload date, never CAA, and cannot be switched", async ({
  page,
}) => {
  await openAudit(page, "/certificates?verdict=action_required&kind=custom_hostname&q=store-");
  const first = page.getByTestId("certificate-row").first();
  await expect(first.locator("[role=cell]:nth-child(5)")).toContainText(/^store-\d+\.uploaded-customer\.example$/);
  await expect(first.getByRole("checkbox")).toHaveCount(0); // no CA switch is offered for it
  await first.click();
  const detail = page.getByTestId("certificate-detail");
  await expect(detail).toContainText("This custom hostname serves an uploaded certificate");
  await expect(detail).toContainText(/Rule [45]: /);
  await expect(detail).not.toContainText("Rule 6");
  await expect(detail).not.toContainText("pki.goog");
  await expect(detail).not.toContainText("PATCH");
});

test("dead packs are not serving, in words and out of the action count; an mh_custom pack has its own row", async ({ page }) => {
  await openAudit(page, "/certificates?verdict=not_serving&kind=advanced");
  await expect(page.getByTestId("pack-types-note")).toContainText("sni_custom, legacy_custom and keyless");
  const notServing = Number((await page.getByTestId("total-not_serving").innerText()).replace(/\D/g, ""));
  expect(notServing).toBeGreaterThan(0);
  const rows = page.getByTestId("certificate-row");
  const verdicts = await rows.locator("[role=cell]:last-child").allInnerTexts();
  expect(new Set(verdicts)).toEqual(new Set(["Not serving"]));
  const words = [];
  for (const row of (await rows.all()).slice(0, 4)) {
    await row.click();
    words.push(await page.getByTestId("certificate-detail").innerText());
  }
  expect(words.some((w) => w.includes("Deleted: nothing to do."))).toBe(true);
  expect(words.some((w) => /Expired: nothing to do\.|Issuance timed out: order again\./.test(w))).toBe(true);

  await openAudit(page, "/certificates?kind=mh_custom");
  await rows.first().click();
  const detail = page.getByTestId("certificate-detail");
  await expect(detail).toContainText("A certificate pack of type mh_custom, which Preflight has no rule of its own for");
  await expect(detail).toContainText('was read from its certificates\' issuer ("LetsEncrypt")');
});

test("the chain inspector flags the real cross-signed ISRG Root X1 and refuses a private key", async ({ page }) => {
  // The inspector sits below the audit: while the audit still adds rows the page moves under the pointer.
  await openAudit(page);
  const pem = readFileSync("tests/unit/certificates/fixtures/letsencrypt-2022-fullchain.pem", "utf8");
  await page.getByLabel("PEM bundle").fill(pem);
  await page.getByRole("button", { name: "Inspect" }).click();
  const report = page.getByTestId("chain-report");
  await expect(report).toContainText("*.s2.eu.hivemq.cloud → R3 → ISRG Root X1 (cross-signed by DST Root CA X3)");
  await expect(report).toContainText("expired 2024-09-30");
  await expect(page.getByTestId("failing-clients")).toContainText("7.0 and earlier");

  await page.getByLabel("PEM bundle").fill("-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----\n");
  await page.getByRole("button", { name: "Inspect" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "could not be inspected" })).toContainText("is a private key");
});

test("the JSON operations answer CSV and name the field of bad input", async ({ request, page }) => {
  await openAudit(page);
  const csv = await request.get("/api/certificates?format=csv");
  expect(csv.headers()["content-type"]).toContain("text/csv");
  expect(csv.headers()["x-preflight-complete"]).toBe("true");
  expect((await csv.text()).split("\r\n")[0]).toBe(
    // Each row names its account (lib/certificates/types.ts csvRows).
    "zoneId,zoneName,accountId,accountName,kind,id,hosts,certificateAuthority,bundleMethod,uploadedOn,expiresOn,verdict,reason,action",
  );
  const json = (await (await request.get("/api/certificates")).json()) as {
    certificates: Array<Record<string, unknown>>;
    caa: unknown[];
    complete: boolean;
  };
  expect(json.complete).toBe(true);
  expect(Object.keys(json.certificates[0]!)).toEqual(
    expect.arrayContaining([
      "zoneId",
      "zoneName",
      "kind",
      "id",
      "hosts",
      "certificateAuthority",
      "bundleMethod",
      "uploadedOn",
      "expiresOn",
      "verdict",
      "reason",
      "action",
    ]),
  );
  const bad = await request.get("/api/certificates?format=xml");
  expect(bad.status()).toBe(400);
  expect(((await bad.json()) as { error: { field: string } }).error.field).toBe("format");
  const noPem = await request.post("/api/certificates/inspect", { data: {} });
  expect(noPem.status()).toBe(400);
  expect(((await noPem.json()) as { error: { field: string } }).error.field).toBe("pem");
});
