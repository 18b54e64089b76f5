// A zone of Acquired Co, reached by the token that also reaches Sandbox Staging (the second configured entry, not the
// first's), through the real routes against the sandbox's three accounts: its drift flag, its validation answer and an
// archived report each name that account; drift watch reads the zone with that entry's credential only.
import { describe, expect, it } from "vitest";
import { withZoneAccount, zoneAccount } from "@/lib/accounts/zone-account";
import { z } from "zod";
import { zoneAccounts } from "@/lib/accounts/zone-accounts";
import { sandboxGroupToken } from "@/lib/accounts/sandbox-accounts";
import { wafCaseFor } from "@/lib/dev/sandbox/waf/seed-waf";
import { PlatformClient } from "@/lib/platform/client";
import { RateLimiter } from "@/lib/platform/rate-limiter";
import { Scheduler } from "@/lib/platform/scheduler";
import {
  callRoute,
  demoUser,
  sandboxCalls,
  withSandboxRoutes,
  type RouteHandler,
  type SandboxRoutes,
} from "@/tests/integration/accounts/sandbox-routes";
import { seededWindow } from "@/tests/integration/validation-mode/harness";

const TOKEN = "account-named-rows-token-0001";
const ARCHIVE_KEY = "account-named-rows-archive-key-0001";
interface Account {
  id: string;
  name: string;
}
interface Flag {
  zoneId: string;
  status: string;
  failure?: string;
  account?: Account;
}

let routes: SandboxRoutes;
withSandboxRoutes(
  { token: TOKEN, zoneCount: 12, accounts: "security,staging,acquired", env: { AUTH_KEY_SECRET: ARCHIVE_KEY } },
  (started) => (routes = started),
);

const call = callRoute;

const calls = () => sandboxCalls(routes.sandbox.url);
const clearCalls = () => fetch(`${routes.sandbox.url}/__sandbox/calls`, { method: "DELETE" });
const acquired = () => routes.account("acquired");
const named = () => ({ id: acquired().account.id, name: "Acquired Co" });

/** The zones of one account, listed through GET /api/zones: a listing binds each zone to the entry that read it. */
async function listZones(accountId: string) {
  const { GET } = await import("@/app/api/zones/route");
  const page = await call(GET, `/api/zones?source=live&account=${accountId}`);
  expect(page.status, JSON.stringify(page.body)).toBe(200);
  return page.body;
}

async function executedReview(kind: string, zoneId: string) {
  const reviews = await import("@/app/api/reviews/route");
  const created = await call(reviews.POST, `/api/reviews?account=${acquired().account.id}`, { body: { kind, zoneId } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.id as string;
  const step = async (name: string) => ((await import(`@/app/api/reviews/[id]/${name}/route`)) as { POST: RouteHandler }).POST;
  expect((await call(await step("submit"), `/api/reviews/${id}/submit`, { body: {}, params: { id } })).status).toBe(200);
  const approved = await call(await step("approve"), `/api/reviews/${id}/approve`, { user: "approver-1", body: {}, params: { id } });
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  const executed = await call(await step("execute"), `/api/reviews/${id}/execute`, { body: {}, params: { id } });
  expect(executed.body.state, JSON.stringify(executed.body)).toBe("executed");
}

describe("a zone of an account reached by the second entry's token", () => {
  it("is checked for drift with that entry's credential only, and its flag names its account", async () => {
    const { zones } = await listZones(acquired().account.id);
    // An Enterprise zone Preflight finds eligible: starting validation mode sets its baseline.
    const rows = zones as Array<{ id: string; verdict: string; plan: string }>;
    const zone = rows.find((z) => z.verdict === "eligible" && z.plan === "enterprise")!;
    expect(zone, "an eligible Enterprise zone of Acquired Co").toBeDefined();
    await executedReview("start_validation", zone.id);
    const edit = await fetch(`${routes.sandbox.url}/__sandbox/entrypoint-edits`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ zoneId: zone.id, edit: "paranoia_level", level: 4 }),
    });
    expect(edit.status, await edit.text()).toBe(200);

    await clearCalls();
    const { POST } = await import("@/app/api/snapshots/refresh/route");
    const step = await call(POST, "/api/snapshots/refresh", { body: {} });
    expect(step.status, JSON.stringify(step.body)).toBe(200);
    // Each account's run checks its own entry's baselines: the first entry's token never asks for this zone.
    const reads = (await calls()).filter((c) => c.path.includes(`/zones/${zone.id}/`));
    expect(reads.length).toBeGreaterThan(0);
    expect(new Set(reads.map((c) => c.credential))).toEqual(new Set(["token:group"]));

    const { GET } = await import("@/app/api/zones/route");
    const flagsOf = async (query: string) => ((await call(GET, `/api/zones?source=live${query}`)).body.drift ?? []) as Flag[];
    const flag = (await flagsOf("")).find((f) => f.zoneId === zone.id);
    expect(flag).toMatchObject({ status: "drifted", account: named() });
    expect(flag).not.toHaveProperty("failure");
    // Asked for another account, the Zones answer leaves this account's flag out.
    expect((await flagsOf(`&account=${routes.account("staging").account.id}`)).map((f) => f.zoneId)).not.toContain(zone.id);
    expect((await flagsOf(`&account=${acquired().account.id}`)).map((f) => f.zoneId)).toContain(zone.id);

    const drift = (await import("@/app/api/zones/[id]/drift/route")).GET;
    const detail = await call(drift, `/api/zones/${zone.id}/drift?account=${acquired().account.id}`, { params: { id: zone.id } });
    expect(detail.status, JSON.stringify(detail.body)).toBe(200);
    expect(detail.body).toMatchObject({ baseline: { account: named() }, watch: { account: named() } });
  }, 60_000);

  it("answers its validation window and its requests naming its account, in the JSON and in every CSV row", async () => {
    await listZones(acquired().account.id);
    const zone = acquired().zones.find((z, i) => wafCaseFor(i, z) === "validation");
    expect(zone, "a zone of Acquired Co in validation mode").toBeDefined();
    const query = new URLSearchParams({ ...seededWindow(), account: acquired().account.id });
    const summary = (await import("@/app/api/zones/[id]/validation/route")).GET;
    const answer = await call(summary, `/api/zones/${zone!.id}/validation?${query}`, { params: { id: zone!.id } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.account).toEqual(named());
    expect(answer.body.totals).toMatchObject({ requests: expect.any(Number) });

    const requests = (await import("@/app/api/zones/[id]/validation/requests/route")).GET;
    const json = await call(requests, `/api/zones/${zone!.id}/validation/requests?${query}`, { params: { id: zone!.id } });
    expect(json.status).toBe(200);
    expect(json.body.account).toEqual(named());
    const csv = await requests(
      new Request(`http://127.0.0.1/api/zones/${zone!.id}/validation/requests?${query}&format=csv`, { headers: demoUser("planner") }),
      {
        params: Promise.resolve({ id: zone!.id }),
      },
    );
    const [header, ...rows] = (await csv.text()).trim().split("\r\n");
    expect(header!.split(",").slice(-2)).toEqual(["account_id", "account_name"]);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.split(",").slice(-2)).toEqual([acquired().account.id, "Acquired Co"]);
  }, 60_000);

  it("names a zone's account read from the zone itself when no listing bound it yet", async () => {
    zoneAccounts.clear();
    const zone = acquired().zones[0]!;
    const scheduler = new Scheduler({
      limiter: new RateLimiter({ requests: 1000, windowSeconds: 60 }),
      subrequestBudget: 10,
      timeoutMs: 10_000,
    });
    const group = new PlatformClient(
      routes.sandbox.apiBaseUrl,
      { kind: "token", token: sandboxGroupToken(TOKEN) },
      scheduler,
      undefined,
      undefined,
      {
        key: "group",
      },
    );
    await clearCalls();
    expect(await zoneAccount(group, zone.id)).toEqual(named());
    expect(await zoneAccount(group, zone.id)).toEqual(named()); // bound now: not read again
    expect((await calls()).map((c) => `${c.method} ${c.path}`)).toEqual([`GET /client/v4/zones/${zone.id}`]);
    expect(zoneAccounts.accountOf(zone.id)).toEqual(named());

    // A read that spends its whole budget still leaves the zone's read room: an unbound zone's read runs one short.
    zoneAccounts.clear();
    const tight = new Scheduler({
      limiter: new RateLimiter({ requests: 1000, windowSeconds: 60 }),
      subrequestBudget: 2,
      timeoutMs: 10_000,
    });
    const spent = await withZoneAccount(group.withScheduler(tight), zone.id, async (own) => {
      let calls = 0;
      for (; own.scheduler.remainingBudget > 0; calls++) await own.get(`/zones/${zone.id}`, {}, z.unknown());
      return calls;
    });
    expect(spent).toEqual({ result: 1, account: named() });
    expect(tight.remainingBudget).toBe(0);
  });

  it("archives a report naming the account its writer names, and asks which when several are read", async () => {
    const archive = await import("@/app/api/archive/[...key]/route");
    const put = (query: string) =>
      archive.PUT(
        new Request(`http://127.0.0.1/api/archive/reports/acquired.csv${query}`, {
          method: "PUT",
          headers: { "x-custom-auth-key": ARCHIVE_KEY, "content-type": "text/csv" },
          body: "id,name\n",
        }),
        { params: Promise.resolve({ key: ["reports", "acquired.csv"] }) },
      );
    const unnamed = await put("");
    expect(unnamed.status).toBe(400);
    expect(((await unnamed.json()) as { error: { field?: string } }).error.field).toBe("account");
    const unknown = await put(`?account=${"f".repeat(32)}`);
    expect(unknown.status).toBe(400);
    expect((await put(`?account=${acquired().account.id}`)).status).toBe(200);
    const got = await archive.GET(new Request("http://127.0.0.1/api/archive/reports/acquired.csv"), {
      params: Promise.resolve({ key: ["reports", "acquired.csv"] }),
    });
    expect(got.status).toBe(200);
    expect(got.headers.get("x-preflight-account-id")).toBe(acquired().account.id);
    expect(decodeURIComponent(got.headers.get("x-preflight-account-name")!)).toBe("Acquired Co");
    expect(await got.text()).toBe("id,name\n");
  });
});
