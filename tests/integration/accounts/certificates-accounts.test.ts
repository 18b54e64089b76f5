// The certificate audit across the sandbox's three accounts, through the real route: every account's zones audited
// with its own credential (none failed), each outcome naming its account, and the account filter.
import { describe, expect, it } from "vitest";
import type { RunningSandbox } from "@/lib/dev/sandbox/server";
import { withSandboxRoutes } from "@/tests/integration/accounts/sandbox-routes";

let sandbox: RunningSandbox;

interface Outcome {
  zoneId: string;
  status: string;
  reason?: string;
  account?: { id: string; name: string };
}

withSandboxRoutes(
  { token: "certificates-accounts-token-0001", zoneCount: 12, accounts: "security,staging,acquired" },
  (started) => (sandbox = started.sandbox),
);

async function audit(query = ""): Promise<Outcome[]> {
  const { GET } = await import("@/app/api/certificates/route");
  const zones: Outcome[] = [];
  let cursor: string | undefined;
  for (let answers = 0; answers < 200; answers++) {
    const url = `http://127.0.0.1/api/certificates?source=live${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
    const response = await GET(new Request(url, { headers: { "x-preflight-demo-user": "planner", host: "127.0.0.1" } }));
    const body = (await response.json()) as { zones: Outcome[]; cursor?: string; complete: boolean };
    expect(response.status, JSON.stringify(body)).toBe(200);
    zones.push(...body.zones);
    cursor = body.cursor;
    if (!cursor) return zones;
  }
  throw new Error("the audit did not complete");
}

describe("the certificate audit across accounts", () => {
  it("audits every account's zones with that account's credential: none failed, each naming its account", async () => {
    const zones = await audit();
    expect(zones.filter((zone) => zone.status === "failed")).toEqual([]);
    for (const key of ["security", "staging", "acquired"]) {
      const state = sandbox.accounts.find((a) => a.key === key)!.state;
      const own = zones.filter((zone) => zone.account?.id === state.account.id);
      expect(own.map((zone) => zone.zoneId).sort(), key).toEqual(state.zones.map((zone) => zone.id).sort());
    }
  });

  it("filters to one account", async () => {
    const staging = sandbox.accounts.find((a) => a.key === "staging")!.state;
    const zones = await audit(`&account=${staging.account.id}`);
    expect(zones.filter((zone) => zone.status === "failed")).toEqual([]);
    expect(new Set(zones.map((zone) => zone.account?.id))).toEqual(new Set([staging.account.id]));
    expect(zones).toHaveLength(staging.zones.length);
  });
});
