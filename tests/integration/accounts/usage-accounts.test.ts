// A request that reads several accounts opens one platform per account: its usage headers and the usage log must
// count every one of them, not only the first. Checked against the sandbox's own log of the calls it answered.
import { describe, expect, it } from "vitest";
import type { RunningSandbox } from "@/lib/dev/sandbox/server";
import { withSandboxRoutes } from "@/tests/integration/accounts/sandbox-routes";

const TOKEN = "usage-accounts-token-0001";
let sandbox: RunningSandbox;

withSandboxRoutes({ token: TOKEN, zoneCount: 12, accounts: "security,staging,acquired" }, (routes) => (sandbox = routes.sandbox));

describe("the usage of a request across accounts", () => {
  it("sums every account's calls in the headers and the usage log", async () => {
    const { GET } = await import("@/app/api/zones/route");
    const { recentUsage } = await import("@/lib/http/usage-log");
    const before = sandbox.calls().length;
    // A live CSV export: upstream calls only (no snapshot or drift read from the bucket), every account merged.
    const response = await GET(
      new Request("http://127.0.0.1/api/zones?source=live&refresh=1&format=csv", {
        headers: { "x-preflight-demo-user": "planner", host: "127.0.0.1" },
      }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("x-preflight-complete")).toBe("true");
    const csv = await response.text();
    const calls = sandbox.calls().slice(before);
    // The three accounts' zones, read through both configured credentials (the first account's, and the one for the other two).
    for (const { state } of sandbox.accounts) expect(csv).toContain(state.account.id);
    expect([...new Set(calls.map((call) => call.credential))].sort()).toEqual(["token", "token:group"]);
    expect(new Set(calls.map((call) => call.request)).size).toBe(1);

    const [used, budget] = response.headers.get("x-preflight-subrequests")!.split("/").map(Number);
    expect(used).toBe(calls.length);
    expect(budget).toBe(1000); // each of the two entries' half of the request's budget
    const peak = Number(response.headers.get("x-preflight-peak-connections"));
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThanOrEqual(12);
    expect(recentUsage()[0]).toMatchObject({ operation: "GET /api/zones", status: 200, subrequests: calls.length, budget: 1000 });
  });
});
