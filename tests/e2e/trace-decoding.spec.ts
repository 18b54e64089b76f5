// The trace explorer decodes calls on the demo chain's Solidity contracts: named frames with their
// source, both transferFrom candidates, the value flow with the refused subcall's ether not moved, an
// uploaded ABI turning a guessed frame into "from your ABI" — and no host reached but the app's own
// (in the browser) and the sandbox's and gateway's (from the server).
import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { E2E } from "./environment";
import { gatewaySeed } from "./gateway";

// Read, not imported: Playwright's loader takes JSON modules only with an import attribute.
const splitterAbi = (
  JSON.parse(readFileSync("lib/dev/gateway/solidity/artifacts.json", "utf8")) as { contracts: { Splitter: { abi: unknown[] } } }
).contracts.Splitter.abi;
const browserHosts = new Set<string>();

test.beforeEach(({ page }) => {
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol === "http:" || url.protocol === "https:" || url.protocol === "ws:") browserHosts.add(url.host);
  });
});

async function openTransaction(page: Page, tx: { hash: string; blockNumber: number }, frame?: string) {
  await page.goto(`/traces?fromBlock=${tx.blockNumber}&toBlock=${tx.blockNumber}&tx=${tx.hash}${frame ? `&frame=${frame}` : ""}`);
  await expect(page.getByRole("tree")).toBeVisible();
}

test("a transaction's frames are named, its value flow shown, and an uploaded ABI replaces the guess", async ({ page }) => {
  const { decoding } = await gatewaySeed();
  const { split } = decoding.transactions;
  await openTransaction(page, split);
  const tree = page.getByRole("tree");
  const top = tree.locator('[data-frame=""]').first();
  // The demo's anvil keeps no old states (--prune-history): the code is read at the latest block, and the label says so.
  await expect(top.getByTestId("decode-source").first()).toHaveText(
    "selector in bytecode, arguments guessed (code read at the latest block: the node keeps no state at this one)",
  );
  const refused = tree.locator('[data-frame="1"]');
  await expect(refused).toHaveAttribute("data-reverted", "true");
  await expect(refused.getByTestId("decode-source")).toContainText("guessed");

  // Value flow: 1 ETH in, half to the acceptor, half to the refuser that did not move.
  const rows = page.getByTestId("value-flow-row");
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText("1 ETH");
  await expect(page.locator('[data-testid=value-flow-row][data-reverted="true"]')).toContainText("not moved (reverted)");
  await expect(page.locator('[data-testid=value-flow-row][data-reverted="true"]')).toContainText("0.5 ETH");
  await expect(page.getByRole("img", { name: /Value flow graph/ })).toBeVisible();

  // The selected call lives in the URL; its detail offers the ABI upload for its address.
  await top.getByRole("button", { name: "Details" }).first().click();
  await expect(page).toHaveURL(/frame=top/);
  await expect(page.getByTestId("frame-detail")).toContainText(decoding.splitter);
  await expect(page.getByLabel("Contract address")).toHaveValue(decoding.splitter);

  // A malformed ABI is refused with what is wrong in it.
  await page.getByLabel("ABI (JSON, as the compiler writes it)").fill('[{"type":"function","name":"split","inputs":[{"type":"uint257"}]}]');
  await page.getByRole("button", { name: "Upload ABI" }).click();
  await expect(page.getByRole("form", { name: "Upload an ABI" }).getByRole("alert")).toContainText(
    "abi[0].inputs[0].type is not a Solidity type",
  );

  await page.getByLabel("ABI (JSON, as the compiler writes it)").fill(JSON.stringify(splitterAbi));
  await page.getByRole("button", { name: "Upload ABI" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Stored for" })).toBeVisible();
  await expect(top.getByTestId("decode-source").first()).toHaveText("from your ABI");
  await expect(top.getByTestId("decoded-call").first()).toContainText("split(");
  await expect(page.getByTestId("frame-detail")).toContainText("split(address[],uint64)");
  await page.getByText("The tree as text").click();
  await expect(page.getByTestId("tree-text")).toContainText("split(payees:");

  // A shared link opens the same transaction and call.
  await openTransaction(page, split, "1");
  await expect(page.getByTestId("frame-detail")).toContainText("Call [1]");
});

test("ERC-20's and ERC-721's transferFrom both fit: both candidates are shown, none picked", async ({ page }) => {
  const { decoding } = await gatewaySeed();
  await openTransaction(page, decoding.transactions.nftTransfer, "top");
  const top = page.getByRole("tree").locator('[data-frame=""]').first();
  await expect(top.getByTestId("decode-candidates").first()).toHaveText("2 candidates");
  await expect(top.getByTestId("decode-source").first()).toHaveText("bundled interface");
  const candidates = page.getByTestId("candidate");
  await expect(candidates).toHaveCount(2);
  await expect(candidates.nth(0)).toContainText("ERC-20");
  await expect(candidates.nth(1)).toContainText("ERC-721");
  await expect(candidates.nth(1)).toContainText("tokenId");
});

test("API: the transaction's frames and value flow, as GET /api/traces/transactions/{hash} answers", async ({ request }) => {
  const { decoding } = await gatewaySeed();
  const response = await request.get(`/api/traces/transactions/${decoding.transactions.mint.hash}`);
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { frames: Array<{ traceAddress: number[]; type: string; decoded: { source: string } | null }> };
  expect(body.frames.map((f) => [f.traceAddress.join("."), f.type, f.decoded?.source])).toEqual([
    ["", "call", "bytecode"],
    ["0", "delegatecall", "bytecode"],
  ]);
  const traces = await request.post("/api/traces", {
    data: {
      fromBlock: decoding.transactions.tokenTransfer.blockNumber,
      toBlock: decoding.transactions.tokenTransfer.blockNumber,
      decode: true,
    },
  });
  const answer = (await traces.json()) as { traces: Array<{ decoded: { source: string; candidates: Array<{ name: string }> } | null }> };
  expect(answer.traces.map((t) => [t.decoded?.source, t.decoded?.candidates[0]?.name])).toEqual([["bundled", "transfer"]]);
});

test("Export JSON carries each exported trace's decoding", async ({ page }) => {
  const { tokenTransfer } = (await gatewaySeed()).decoding.transactions;
  await page.goto(`/traces?fromBlock=${tokenTransfer.blockNumber}&toBlock=${tokenTransfer.blockNumber}`);
  await expect(page.getByTestId("traces-summary")).toContainText("1 traces");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export JSON" }).click();
  const file = await download;
  const exported = JSON.parse(await (await file.createReadStream()).toArray().then((c) => Buffer.concat(c).toString())) as Array<{
    transactionHash: string;
    decoded: { source: string; candidates: Array<{ name: string }> } | null;
  }>;
  expect(exported.map((t) => [t.transactionHash, t.decoded?.source, t.decoded?.candidates[0]?.name])).toEqual([
    [tokenTransfer.hash, "bundled", "transfer"],
  ]);
});

test.afterAll(() => {
  // The browser asked the app only.
  expect([...browserHosts]).toEqual([`127.0.0.1:${E2E.port}`]);
  // The server's processes connected to loopback only: the sandbox, the gateway, itself, and the local
  // bucket's runtime (Miniflare's workerd, on a port of its own); unix sockets are tsx's own IPC.
  const outbound = readFileSync(E2E.outboundLog, "utf8").trim().split("\n");
  const hosts = outbound.filter((t) => !t.startsWith("unix:")).map((t) => t.split(/:(?=\d+$)/) as [string, string]);
  expect(hosts.filter(([host]) => !["127.0.0.1", "localhost", "::1"].includes(host))).toEqual([]);
  expect(hosts.map(([, port]) => Number(port))).toContain(E2E.gatewayPort);
});
