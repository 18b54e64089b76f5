// Several accounts in one Preflight, through the real routes against the sandbox's three accounts: the first with
// its own token, the other two reached by one token (sandbox mode reaches them as `npm start` does).
import { describe, expect, it } from "vitest";
import type { RunningSandbox } from "@/lib/dev/sandbox/server";
import { callRoute, demoUser, sandboxCalls, withSandboxRoutes, type RouteHandler } from "@/tests/integration/accounts/sandbox-routes";

let sandbox: RunningSandbox;

interface Row {
  id: string;
  name: string;
  verdict: string;
  account: { id: string; name: string };
}
interface Coverage {
  id: string;
  name: string;
  complete: boolean;
  rows: number;
}

withSandboxRoutes(
  { token: "several-accounts-token-0001", zoneCount: 24, accounts: "security,staging,acquired" },
  (started) => (sandbox = started.sandbox),
);

const call = callRoute;

async function allZones(query = ""): Promise<{ rows: Row[]; accounts: Coverage[] }> {
  const { GET } = await import("@/app/api/zones/route");
  const rows: Row[] = [];
  let accounts: Coverage[] = [];
  let cursor: string | undefined;
  do {
    const page = await call(GET, `/api/zones?source=live${query}${cursor ? `&cursor=${cursor}` : ""}`);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    rows.push(...(page.body.zones as Row[]));
    if (!cursor) accounts = page.body.accounts as Coverage[];
    cursor = page.body.cursor as string | undefined;
  } while (cursor);
  return { rows, accounts };
}

const calls = () => sandboxCalls(sandbox.url);

describe("several accounts in one console", () => {
  it("lists every account's zones, each row naming its account, with coverage per account", async () => {
    const { rows, accounts } = await allZones();
    const byAccount = (key: string) => sandbox.accounts.find((a) => a.key === key)!.state;
    for (const key of ["security", "staging", "acquired"]) {
      const state = byAccount(key);
      const own = rows.filter((row) => row.account.id === state.account.id);
      expect(own.map((row) => row.id).sort(), key).toEqual(state.zones.map((zone) => zone.id).sort());
      expect(new Set(own.map((row) => row.account.name))).toEqual(new Set([state.account.name]));
    }
    expect(accounts.map((a) => a.name).sort()).toEqual(["Acquired Co", "Sandbox Security Team", "Sandbox Staging"]);
  });

  it("gives account-wide totals as every account's sum, never the first account's alone", async () => {
    const all = sandbox.accounts.reduce((sum, account) => sum + account.state.zones.length, 0);
    const { GET: zones } = await import("@/app/api/zones/route");
    const scan = await call(zones, "/api/zones?source=live");
    expect(scan.body.totalCount).toBe(all);
    const { GET: certificates } = await import("@/app/api/certificates/route");
    const audit = await call(certificates, "/api/certificates?source=live");
    expect(audit.status, JSON.stringify(audit.body).slice(0, 300)).toBe(200);
    expect(audit.body.totalZones).toBe(all);
  });

  it("filters by account: only that account's zones, read with its own credential", async () => {
    const staging = sandbox.accounts.find((a) => a.key === "staging")!.state;
    await fetch(`${sandbox.url}/__sandbox/calls`, { method: "DELETE" });
    const { rows, accounts } = await allZones(`&refresh=1&account=${staging.account.id}`);
    expect(new Set(rows.map((row) => row.account.id))).toEqual(new Set([staging.account.id]));
    expect(rows).toHaveLength(staging.zones.length);
    expect(accounts.map((a) => [a.name, a.complete])).toEqual([["Sandbox Staging", true]]);
    expect(new Set((await calls()).map((c) => c.credential))).toEqual(new Set(["token:group"]));
  });

  it("refuses another account's zone id before any call", async () => {
    const security = sandbox.state;
    const staging = sandbox.accounts.find((a) => a.key === "staging")!.state;
    const { GET } = await import("@/app/api/zones/[id]/migration/route");
    await fetch(`${sandbox.url}/__sandbox/calls`, { method: "DELETE" });
    const zone = staging.zones[0]!.id;
    const refused = await call(GET, `/api/zones/${zone}/migration?account=${security.account.id}`, { params: { id: zone } });
    expect(refused.status).toBe(404);
    expect(await calls()).toEqual([]);
    const own = await call(GET, `/api/zones/${zone}/migration?account=${staging.account.id}`, { params: { id: zone } });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
  });

  it("runs a review of another account with that account's credential only, and names its account", async () => {
    // Validation mode is for Enterprise zones: the acquired company's account has them.
    const staging = sandbox.accounts.find((a) => a.key === "acquired")!.state;
    const { rows } = await allZones(`&account=${staging.account.id}`);
    const zone = rows.find((row) => row.verdict === "eligible");
    expect(zone, "an eligible zone of Acquired Co").toBeDefined();
    const reviews = await import("@/app/api/reviews/route");
    const created = await call(reviews.POST, "/api/reviews", { body: { kind: "start_validation", zoneId: zone!.id } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.account).toEqual({ id: staging.account.id, name: "Acquired Co" });
    const id = created.body.id as string;
    const step = async (name: string) =>
      (await import(`@/app/api/reviews/[id]/${name}/route`)) as { POST: RouteHandler } & Record<string, unknown>;
    expect((await call((await step("submit")).POST, `/api/reviews/${id}/submit`, { body: {}, params: { id } })).status).toBe(200);
    const approved = await call((await step("approve")).POST, `/api/reviews/${id}/approve`, {
      user: "approver-1",
      body: {},
      params: { id },
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    await fetch(`${sandbox.url}/__sandbox/calls`, { method: "DELETE" });
    const executed = await call((await step("execute")).POST, `/api/reviews/${id}/execute`, { body: {}, params: { id } });
    expect(executed.body.state, JSON.stringify(executed.body)).toBe("executed");
    const sent = await calls();
    expect(sent.some((c) => c.method === "PUT")).toBe(true);
    expect(new Set(sent.map((c) => c.credential))).toEqual(new Set(["token:group"]));
    const listed = await call(reviews.GET, `/api/reviews?account=${staging.account.id}`);
    expect((listed.body.reviews as Array<{ id: string }>).map((r) => r.id)).toEqual([id]);
    const other = await call(reviews.GET, `/api/reviews?account=${sandbox.state.account.id}`);
    expect(other.body.reviews).toEqual([]);
  });

  it("exports one account's Terraform, named in the file, and asks which when several are configured", async () => {
    const { GET } = await import("@/app/api/terraform/route");
    const unnamed = await GET(new Request("http://127.0.0.1/api/terraform?syntax=v5", { headers: demoUser("planner") }));
    expect(unnamed.status).toBe(400);
    expect(((await unnamed.json()) as { error: { field?: string } }).error.field).toBe("account");
    const acquired = sandbox.accounts.find((a) => a.key === "acquired")!.state;
    const named = await GET(
      new Request(`http://127.0.0.1/api/terraform?syntax=v5&account=${acquired.account.id}`, { headers: demoUser("planner") }),
    );
    expect(named.status).toBe(200);
    expect(await named.text()).toContain(`# Account: Acquired Co (${acquired.account.id})`);
  });

  it("advances each account's own snapshot by one step", async () => {
    const { POST } = await import("@/app/api/snapshots/refresh/route");
    const step = await call(POST, "/api/snapshots/refresh", { body: {} });
    expect(step.status, JSON.stringify(step.body)).toBe(200);
    const steps = step.body.accounts as Array<{ entry: string; runId: string }>;
    expect(steps.map((s) => s.entry)).toEqual(["default", "group"]);
    expect(new Set(steps.map((s) => s.runId)).size).toBe(2);
  });
});
