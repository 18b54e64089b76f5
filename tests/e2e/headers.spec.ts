// Headers and sessions (issue 10, item 5): a nonce CSP with no inline script allowed on every page, no
// CSP violation while each page renders and hydrates, the transport headers, the demo cookie's
// attributes over HTTP and HTTPS, and every mutation refused from another origin.
import { expect, test } from "@playwright/test";
import { operationPatterns, pagesToVisit } from "./crawl";
import { E2E } from "./environment";
import { pageVisits } from "./page-visits";

function scriptSrc(csp: string): string {
  return (
    csp
      .split(";")
      .map((d) => d.trim())
      .find((d) => d.startsWith("script-src ")) ?? ""
  );
}

test("every page: a fresh nonce CSP without unsafe-inline scripts, no violation, and it hydrates", async ({ browser }) => {
  // The pages are visited once for the three crawl specs (tests/e2e/page-visits.ts); this test reads the records.
  test.setTimeout(300_000);
  const crawl = await pageVisits(browser);
  const nonces = new Set<string>();
  for (const { path, headers, hydrated, cspEvents } of crawl.visits) {
    const csp = headers["content-security-policy"] ?? "";
    const script = scriptSrc(csp);
    expect(script, path).toMatch(/'nonce-[A-Za-z0-9+/=]{16,}'/);
    expect(script, path).toContain("'strict-dynamic'");
    expect(script, path).not.toContain("unsafe-inline");
    expect(script, path).not.toContain("unsafe-eval");
    expect(csp, path).toContain("frame-ancestors 'none'");
    expect(csp, path).toContain("object-src 'none'");
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBe("same-origin");
    expect(headers["x-frame-options"], path).toBe("DENY");
    nonces.add(/'nonce-([^']+)'/.exec(script)![1]!);
    // Hydrated: a client-side navigation to Settings kept the window (the 404 page has no shell to navigate from).
    if (path !== "/no-such-page") expect(hydrated, `${path} did not hydrate`).toBe(true);
    expect(cspEvents, path).toEqual([]);
  }
  expect(crawl.visits.map((v) => v.path)).toEqual(pagesToVisit(crawl.ids));
  expect(nonces.size).toBe(pagesToVisit(crawl.ids).length);
  expect(crawl.consoleViolations).toEqual([]);
});

test("a script injected into a page's HTML does not run, and responses cannot be framed", async ({ page }) => {
  // As a stored XSS would: the server's own response and CSP, with an inline script and a handler attribute added.
  await page.route("**/zones", async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(
      "</body>",
      `<script>window.__injected = true</script><img src="data:," onerror="window.__injected = true"></body>`,
    );
    await route.fulfill({ response, body: html });
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { __blocked: string[] }).__blocked = [
        ...((window as unknown as { __blocked?: string[] }).__blocked ?? []),
        event.violatedDirective,
      ];
    });
  });
  await page.goto("/zones");
  await page.waitForLoadState("networkidle");
  expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected === true)).toBe(false);
  expect(await page.evaluate(() => (window as unknown as { __blocked?: string[] }).__blocked ?? [])).toEqual(
    expect.arrayContaining([expect.stringMatching(/^script-src/)]),
  );
  // The page itself still runs: its own scripts carry the nonce.
  await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/settings$/);
  const api = await page.request.get("/api/health");
  expect(api.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(api.headers()["x-content-type-options"]).toBe("nosniff");
});

test("the demo cookie is HttpOnly and SameSite=Strict, and Secure when served over HTTPS", async ({ page, request }) => {
  const plain = await request.post("/api/session/demo-user", { data: { user: "approver-2" }, headers: { origin: E2E.baseUrl } });
  const cookie = plain.headers()["set-cookie"] ?? "";
  expect(cookie).toMatch(/^preflight-demo-user=approver-2;/);
  expect(cookie).toContain("HttpOnly");
  expect(cookie).toContain("SameSite=Strict");
  expect(cookie).not.toContain("Secure");
  const tls = await request.post("/api/session/demo-user", {
    data: { user: "approver-2" },
    headers: { origin: E2E.baseUrl, "x-forwarded-proto": "https" },
  });
  expect(tls.headers()["set-cookie"]).toMatch(/; HttpOnly; SameSite=Strict; Secure$/);
  expect(tls.headers()["strict-transport-security"]).toContain("max-age=");
  expect(tls.headers()["content-security-policy"]).toContain("upgrade-insecure-requests");

  // In the browser: the switcher sets it through the server; page scripts cannot read it.
  await page.goto("/settings");
  await page.getByLabel("Demo user").selectOption("approver-1");
  await expect.poll(async () => (await page.context().cookies()).find((c) => c.name === "preflight-demo-user")?.value).toBe("approver-1");
  const stored = (await page.context().cookies()).find((c) => c.name === "preflight-demo-user")!;
  expect(stored).toMatchObject({ httpOnly: true, sameSite: "Strict", secure: false });
  expect(await page.evaluate(() => document.cookie)).not.toContain("preflight-demo-user");
  await page.reload();
  await expect(page.getByLabel("Demo user")).toHaveValue("approver-1");
});

test("every mutation is refused from another origin, and from a cookie with no origin", async ({ request }) => {
  const mutations = operationPatterns().filter((op) => !/^(GET|HEAD|OPTIONS) /.test(op));
  expect(mutations.length).toBeGreaterThanOrEqual(10);
  const path = (pattern: string) =>
    pattern.replace("[...key]", "reports/cross-origin.json").replace("[id]", "00000000-0000-4000-8000-000000000000");
  const refused: string[] = [];
  for (const op of mutations) {
    const [method, pattern] = op.split(" ") as [string, string];
    // The archive's own key and an approver's cookie (every role): only the origin is wrong.
    const headers = {
      cookie: "preflight-demo-user=approver-1",
      "X-Custom-Auth-Key": E2E.authKeySecret,
      "content-type": "application/json",
    };
    const variants: Array<Record<string, string>> = [{ origin: "https://evil.example" }, { origin: "null" }, {}];
    for (const extra of variants) {
      if (Object.keys(extra).length === 0 && pattern.startsWith("/api/archive")) continue; // no cookie identity there: the key is the proof
      const response = await request.fetch(path(pattern), { method, headers: { ...headers, ...extra }, data: "{}" });
      const body = await response.text();
      if (response.status() === 403 && /Origin/.test(body)) refused.push(`${op} ${JSON.stringify(extra)}`);
      else expect.soft(`${op} ${JSON.stringify(extra)} → ${response.status()} ${body.slice(0, 120)}`).toBe("refused");
    }
  }
  console.log(`cross-origin: ${mutations.length} mutating operations, ${refused.length} requests refused`);
  expect(refused.length).toBeGreaterThan(mutations.length * 2);
});
