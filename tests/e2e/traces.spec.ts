// The trace explorer on the demo gateway (a real anvil behind the gateway's policy layer).
import { expect, test } from "@playwright/test";
import { E2E } from "./environment";
import { gatewaySeed, setGatewayFaults } from "./gateway";

test.afterEach(() => setGatewayFaults({}));

test("a query over 2,000 blocks shows progress, then the call tree of a nested transaction", { tag: "@smoke" }, async ({ page }) => {
  const seed = await gatewaySeed();
  expect(seed.latestBlock).toBeGreaterThan(2000);
  await setGatewayFaults({ latencyMs: 1500 }); // slow enough to watch the windows (one call each) being read
  await page.goto("/traces");
  await page.getByLabel("From block").fill("0");
  await page.getByLabel("To block").fill("latest");
  await page.getByRole("button", { name: "Run query" }).click();

  const windows = Math.ceil((seed.latestBlock + 1) / 800);
  await expect(page.getByTestId("trace-progress")).toContainText(`of ${windows} windows`);
  await expect(page.getByRole("progressbar", { name: "Trace windows read" })).toBeVisible();
  await expect(page.getByTestId("traces-summary")).toContainText(`from blocks 0–${seed.latestBlock} in ${windows} windows`);
  await expect(page).toHaveURL(/fromBlock=0&toBlock=latest/);

  const { hash } = seed.nestedTransaction;
  await page
    .getByTestId("trace-row")
    .filter({ has: page.locator(`[title="${hash}"]`) })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`tx=${hash}`));
  const tree = page.getByRole("tree");
  await expect(tree).toBeVisible();
  await expect(tree.locator('[role=treeitem][aria-level="5"]')).toHaveCount(1); // four calls deep, then the leaf
  await expect(tree.locator("[data-reverted]").first()).toContainText("Reverted");

  // Collapsing the top call hides its whole branch.
  const items = tree.getByRole("treeitem");
  const before = await items.count();
  await tree.getByRole("button", { name: "Collapse" }).first().click();
  await expect(items).toHaveCount(1);
  await tree.getByRole("button", { name: "Expand" }).click();
  await expect(items).toHaveCount(before);
});

test("the whole view lives in the URL: a shared link opens the same traces, types and call tree", async ({ page }) => {
  const { nestedTransaction } = await gatewaySeed();
  await page.goto(`/traces?fromBlock=0&toBlock=799&types=delegatecall,staticcall&tx=${nestedTransaction.hash}`);
  await expect(page.getByTestId("traces-summary")).toContainText("in 1 window");
  await expect(page.getByLabel("delegatecall")).toBeChecked();
  const types = await page.getByTestId("trace-row").locator("[role=cell]:nth-child(5)").allInnerTexts();
  expect(types.length).toBeGreaterThan(0);
  expect(new Set(types)).toEqual(new Set(["call (delegatecall)", "call (staticcall)"]));
  await expect(page.getByRole("tree")).toBeVisible();

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export JSON" }).click();
  const file = await download;
  const exported = JSON.parse(await (await file.createReadStream()).toArray().then((c) => Buffer.concat(c).toString())) as Array<{
    action: { callType: string; input?: string };
    decoded: { source: string } | null;
  }>;
  expect(exported.map((t) => t.action.callType).sort()).toEqual([...types].map((t) => t.replace(/call \((\w+)\)/, "$1")).sort());
  // The export carries each trace's decoding: a source wherever the call carries a selector, null elsewhere.
  expect(exported.map((t) => (t.decoded === null ? null : typeof t.decoded?.source))).toEqual(
    exported.map((t) => (/^0x[0-9a-f]{8}/i.test(t.action.input ?? "") ? "string" : null)),
  );
  expect(exported.every((t) => "decoded" in t)).toBe(true);
});

test("both address lists: the page says the result follows the union rule", async ({ page }) => {
  const { contracts } = await gatewaySeed();
  await page.goto(`/traces?fromBlock=0&toBlock=latest&fromAddress=0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266&toAddress=${contracts.nest}`);
  const note = page.getByRole("note", { name: "Address filter rule" });
  await expect(note).toHaveAttribute("data-rule", "union");
  await expect(note).toContainText("follows the union rule");
});

test("bad input is a 400 naming the field; the form says what is wrong", async ({ page, request }) => {
  const response = await request.post("/api/traces", { data: { fromBlock: 0, toBlock: 10, count: 201 } });
  expect(response.status()).toBe(400);
  expect((await response.json()).error).toMatchObject({ field: "count" });
  const address = await request.post("/api/traces", { data: { fromBlock: 0, toBlock: 10, toAddress: ["0x12"] } });
  expect((await address.json()).error.field).toBe("toAddress[0]");

  await page.goto("/traces");
  await page.getByLabel("From block").fill("10");
  await page.getByLabel("To block").fill("5");
  await page.getByRole("button", { name: "Run query" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "toBlock" })).toHaveText("toBlock must not be below fromBlock");
  await expect(page.getByLabel("To block")).toHaveAttribute("aria-invalid", "true");
});

test("a gateway refusal is shown for what it is, and the gateway URL never reaches the browser", async ({ page }) => {
  const seen: string[] = [];
  page.on("response", async (response) => seen.push(JSON.stringify(await response.allHeaders()) + (await response.text().catch(() => ""))));
  await setGatewayFaults({ refuse: ["trace_filter"] });
  await page.goto("/traces?fromBlock=0&toBlock=1000");
  const alert = page.getByRole("alert").filter({ hasText: "could not be read" });
  await expect(alert).toContainText("The gateway refused trace_filter (HTTP 403)");
  await setGatewayFaults({});
  await alert.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByTestId("traces-summary")).toContainText("in 2 windows");
  expect(seen.length).toBeGreaterThan(2);
  const leaks = seen.filter((text) => text.includes(`127.0.0.1:${E2E.gatewayPort}`) || text.includes(`127.0.0.1:${E2E.anvilPort}`));
  expect(leaks).toEqual([]);
});

test("Cancel stops a long query", async ({ page }) => {
  await setGatewayFaults({ latencyMs: 1500 });
  await page.goto("/traces?fromBlock=0&toBlock=latest&after=1");
  await expect(page.getByTestId("trace-progress")).toBeVisible();
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByText("Cancelled.")).toBeVisible();
  await expect(page.getByTestId("trace-progress")).toBeHidden();
});

test("a one-window answer is sent while it arrives: the gateway's traces, and a record spoiled half-way never reads as complete", async ({
  page,
  request,
}) => {
  // Windows no other test reads (so never from the cache), each holding more than 200 traces: streamed.
  const window = (shift: number) => ({ fromBlock: 101 + shift, toBlock: 900 + shift });
  const direct = (await (
    await fetch(E2E.gatewayUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "trace_filter", params: [{ fromBlock: "0x65", toBlock: "0x384" }] }),
    })
  ).json()) as { result: unknown[] };
  expect(direct.result.length).toBeGreaterThan(250);
  const whole = await request.post("/api/traces", { data: window(0) });
  expect(await whole.json()).toEqual({ windows: 1, ...window(0), cachedWindows: 0, traces: direct.result, complete: true });

  // Spoiled before the answer began: a 502 saying what is wrong, as before.
  await setGatewayFaults({ spoilRecord: 5 });
  const early = await request.post("/api/traces", { data: window(1) });
  expect(early.status()).toBe(502);
  expect((await early.json()).error).toMatchObject({ kind: "gateway_malformed" });

  // Spoiled after it began: the body breaks off, never valid JSON, and the page says the answer stopped.
  await setGatewayFaults({ spoilRecord: 240 });
  const late = await fetch(`${E2E.baseUrl}/api/traces`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(window(2)),
  });
  expect(late.status).toBe(200);
  await expect(late.text()).rejects.toThrow();
  await page.goto(`/traces?fromBlock=${window(3).fromBlock}&toBlock=${window(3).toBlock}`);
  const alert = page.getByRole("alert").filter({ hasText: "could not be read" });
  await expect(alert).toContainText("The answer stopped before it was complete; try again.");
});
