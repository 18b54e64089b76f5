// GET and DELETE /api/snapshots across the sandbox's three accounts, through the real routes: the first account
// with its own token (its own snapshot), the other two reached by one token (one snapshot holding both).
import { describe, expect, it } from "vitest";
import type { RunningSandbox } from "@/lib/dev/sandbox/server";
import { withSandboxRoutes } from "@/tests/integration/accounts/sandbox-routes";

const TOKEN = "snapshots-accounts-token-0001";
let sandbox: RunningSandbox;

interface Status {
  snapshot: { runId: string; zoneCount: number } | null;
  refreshing: unknown;
  used: boolean;
}
type Answer = Status & { accounts: Array<Status & { id: string; name: string; entry: string }> };

withSandboxRoutes({ token: TOKEN, zoneCount: 6, accounts: "security,staging,acquired" }, (routes) => (sandbox = routes.sandbox));

const headers = { "x-preflight-demo-user": "planner", host: "127.0.0.1", origin: "http://127.0.0.1" };
const accountId = (key: string) => sandbox.accounts.find((account) => account.key === key)!.state.account.id;

async function snapshots(method: "GET" | "DELETE", query = ""): Promise<{ status: number; body: Answer }> {
  const route = await import("@/app/api/snapshots/route");
  const response = await route[method](new Request(`http://127.0.0.1/api/snapshots${query}`, { method, headers }));
  return { status: response.status, body: (await response.json()) as Answer };
}

/** Refresh steps until every account's snapshot is published. */
async function publishAll(): Promise<void> {
  const { POST } = await import("@/app/api/snapshots/refresh/route");
  for (let step = 0; step < 40; step++) {
    const request = new Request("http://127.0.0.1/api/snapshots/refresh", {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ restart: step === 0 }),
    });
    const answer = (await (await POST(request)).json()) as { accounts: Array<{ result: string }> };
    if (answer.accounts.every((account) => account.result === "published" || account.result === "idle")) return;
  }
  throw new Error("the snapshots were not published in 40 steps");
}

describe("snapshots across accounts", () => {
  it("names each account's snapshot, keeping the first account's at the top", async () => {
    await publishAll();
    const { status, body } = await snapshots("GET");
    expect(status).toBe(200);
    // Entries in configuration order; an entry's accounts as the platform lists them (by name).
    const rows = body.accounts.map((row) => [row.id, row.name, row.entry, row.used]);
    expect(rows).toEqual([
      [accountId("security"), "Sandbox Security Team", "default", true],
      [accountId("acquired"), "Acquired Co", "group", true],
      [accountId("staging"), "Sandbox Staging", "group", true],
    ]);
    const [security, acquired, staging] = body.accounts;
    // The top-level fields are the first account's, as before there were several.
    expect({ snapshot: body.snapshot, refreshing: body.refreshing, used: body.used }).toEqual({
      snapshot: security!.snapshot,
      refreshing: security!.refreshing,
      used: security!.used,
    });
    expect(security!.snapshot!.zoneCount).toBe(6);
    // One token reaches staging and acquired: one snapshot holds both.
    expect(staging!.snapshot!.runId).toBe(acquired!.snapshot!.runId);
    expect(staging!.snapshot!.runId).not.toBe(security!.snapshot!.runId);
    expect(staging!.snapshot!.zoneCount).toBe(12 + 36);
  });

  it("answers one account's snapshot at the top and alone in the rows when asked for", async () => {
    const { body: all } = await snapshots("GET");
    const { status, body } = await snapshots("GET", `?account=${accountId("acquired")}`);
    expect(status).toBe(200);
    expect(body.snapshot!.runId).toBe(all.accounts.find((row) => row.name === "Acquired Co")!.snapshot!.runId);
    expect(body.snapshot!.runId).not.toBe(all.snapshot!.runId);
    expect(body.accounts.map((row) => row.name)).toEqual(["Acquired Co"]);
    const refused = await snapshots("GET", "?account=not-an-account");
    expect(refused.status).toBe(400);
  });

  it("discards only the snapshot holding the account asked for, then every account's", async () => {
    expect((await snapshots("DELETE", `?account=${accountId("staging")}`)).status).toBe(200);
    const { body: after } = await snapshots("GET");
    expect(after.accounts.map((row) => [row.name, row.snapshot === null])).toEqual([
      ["Sandbox Security Team", false],
      ["Acquired Co", true], // the same token's snapshot: discarded with staging's
      ["Sandbox Staging", true],
    ]);
    expect(after.used).toBe(true);
    expect((await snapshots("DELETE")).status).toBe(200);
    const { body: none } = await snapshots("GET");
    expect(none.snapshot).toBeNull();
    expect(none.accounts.every((row) => row.snapshot === null && !row.used)).toBe(true);
  });
});
