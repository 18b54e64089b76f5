// Upstream strings are text, never markup. An account seeded with markup (SANDBOX_HOSTILE_STRINGS=1: a zone
// name, a firewall rule's description, an override's URL, a custom hostname, a certificate host) and a
// gateway whose trace carries markup in its error and its call data are shown page by page: each string
// appears literally, no element was injected, no dialog opened and no payload ran.
import { createServer, type Server } from "node:http";
import { expect, test, type Page } from "@playwright/test";
import { HOSTILE } from "@/lib/dev/sandbox/seed-hostile";
import { E2E } from "./environment";
import { newDataDir, startOwnPreflight, startOwnSandbox, type OwnServer } from "./own-servers";

const TRACE_ERROR = `<img src=x onerror="window.__pwned='trace'">Reverted`;
const CALLDATA = `0x${Buffer.from(`<script>window.__pwned='input'</script>`).toString("hex")}`;
const running: OwnServer[] = [];
let gateway: Server;
let preflight: OwnServer;
let sandbox: OwnServer;

/** A JSON-RPC node that answers one trace in block 5, with markup where a node could put any text. */
function hostileGateway(): Promise<Server> {
  const trace = {
    action: { callType: "call", from: `0x${"11".repeat(20)}`, to: `0x${"22".repeat(20)}`, gas: "0x5208", input: CALLDATA, value: "0x0" },
    blockHash: `0x${"ab".repeat(32)}`,
    blockNumber: 5,
    result: null,
    error: TRACE_ERROR,
    subtraces: 0,
    traceAddress: [],
    transactionHash: `0x${"cd".repeat(32)}`,
    transactionPosition: 0,
    type: "call",
  };
  const server = createServer((req, res) => {
    let text = "";
    req.on("data", (chunk: Buffer) => (text += chunk.toString()));
    req.on("end", () => {
      const { id, method, params } = JSON.parse(text) as { id: number; method: string; params: [{ fromBlock?: string; toBlock?: string }] };
      const range = params[0] ?? {};
      const inRange = Number(range.fromBlock ?? 0) <= 5 && 5 <= Number(range.toBlock ?? 0);
      const result = method === "eth_getBlockByNumber" ? { number: "0x10", hash: `0x${"ef".repeat(32)}` } : inRange ? [trace] : [];
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", id, result }));
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  gateway = await hostileGateway();
  sandbox = await startOwnSandbox({ SANDBOX_HOSTILE_STRINGS: "1", SANDBOX_ZONES: "60" });
  running.push(sandbox);
  const gatewayUrl = `http://127.0.0.1:${(gateway.address() as { port: number }).port}/v1/hostile`;
  preflight = await startOwnPreflight(sandbox.port, newDataDir(), { ETH_GATEWAY_URL: gatewayUrl });
  running.push(preflight);
});
test.afterAll(async () => {
  await Promise.all(running.map((s) => s.stop()));
  await new Promise((resolve) => gateway?.close(resolve));
});

const dialogs: string[] = [];
/** Opens a page of our own Preflight with a tripwire: a payload that ran would set window.__pwned. */
async function visit(page: Page, path: string) {
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(`${preflight.url}${path}`);
}

async function expectInert(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
  for (const selector of ['img[src="x"]', "svg[onload]", "iframe", "[onerror]", "[onload]", 'a[href^="javascript:"]', "b"]) {
    await expect(page.locator(selector), selector).toHaveCount(0);
  }
}

const zoneIdByName = async (name: string) => {
  const zones = (await (await fetch(`${preflight.url}/api/zones`, { headers: { "x-preflight-demo-user": "planner" } })).json()) as {
    zones: { id: string; name: string }[];
  };
  return zones.zones.find((z) => z.name === name)!.id;
};

test("zone names and rule descriptions with markup are text on Zones and the zone detail", async ({ page }) => {
  await visit(page, `/zones?q=${encodeURIComponent("hostile.example")}`);
  await expect(page.getByTestId("zones-count")).toBeVisible();
  await expect(page.getByText(HOSTILE.zoneName, { exact: true }).first()).toBeVisible();
  await expectInert(page);

  await visit(page, `/zones/${await zoneIdByName(HOSTILE.zoneName)}`);
  await expect(page.getByText(HOSTILE.ruleDescription, { exact: false }).first()).toBeVisible();
  await expect(page.getByText(HOSTILE.zoneName).first()).toBeVisible();
  await expectInert(page);
});

test("custom hostnames and certificate hosts with markup are text on Certificates", async ({ page }) => {
  await visit(page, `/certificates?q=${encodeURIComponent("customer.example")}`);
  await expect(page.getByText(HOSTILE.hostname, { exact: false }).first()).toBeVisible({ timeout: 60_000 });
  await expectInert(page);
  await visit(page, `/certificates?q=${encodeURIComponent("pwned='cert'")}`);
  await expect(page.getByText(HOSTILE.certificateHost, { exact: false }).first()).toBeVisible({ timeout: 60_000 });
  await expectInert(page);
});

test("a review whose planned call names an override URL with markup shows it as text", async ({ page }) => {
  const overrideZone = await (async () => {
    const get = async <T>(path: string) =>
      (
        (await (await fetch(`${sandbox.url}/client/v4${path}`, { headers: { Authorization: `Bearer ${E2E.apiToken}` } })).json()) as {
          result: T;
        }
      ).result;
    for (let page = 1; page <= 2; page++) {
      for (const zone of await get<{ id: string }[]>(`/zones?per_page=50&page=${page}`)) {
        // A zone whose previous-version API is retired answers 410 with result null: it has no readable overrides.
        const overrides = (await get<{ urls: string[] }[] | null>(`/zones/${zone.id}/firewall/waf/overrides`)) ?? [];
        if (overrides.some((o) => o.urls.includes(HOSTILE.overrideUrl))) return zone.id;
      }
    }
    throw new Error("the hostile override is not in the sandbox");
  })();
  const created = await fetch(`${preflight.url}/api/reviews`, {
    method: "POST",
    headers: { "x-preflight-demo-user": "planner", "Content-Type": "application/json" },
    body: JSON.stringify({ kind: "delete_uri_overrides", zoneId: overrideZone }),
  });
  expect(created.status).toBe(201);
  const review = (await created.json()) as { id: string };
  await visit(page, `/reviews/${review.id}`);
  await expect(page.getByTestId("planned-calls")).toContainText(HOSTILE.overrideUrl);
  await expectInert(page);
});

test("a trace whose error and call data hold markup is shown as text and hex", async ({ page }) => {
  await visit(page, "/traces?fromBlock=0&toBlock=16");
  const row = page.getByTestId("trace-row").first();
  await expect(row).toContainText(TRACE_ERROR);
  await expect(row).toContainText(CALLDATA.slice(0, 10)); // the selector: the call data's first 4 bytes, as hex
  await expectInert(page);
});
