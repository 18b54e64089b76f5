// Several accounts in one sandbox (issue 30): each seeded on its own, reached by its own token with its own
// rate limit, a group token reaching two; listings span only what a credential reaches, other zones are refused.
import { createHash, randomBytes } from "node:crypto";
import Cloudflare from "cloudflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_ACCOUNT_PROFILES, sandboxAccountToken, sandboxGroupToken } from "@/lib/accounts/sandbox-accounts";
import { seedAccounts } from "@/lib/dev/sandbox/accounts";
import { seedAccount } from "@/lib/dev/sandbox/seed";
import { startSandbox, type RunningSandbox, type SandboxState, type Zone } from "@/lib/dev/sandbox/server";

const token = randomBytes(24).toString("hex");
const email = "qa@sandbox.preflight.test";
const key = randomBytes(18).toString("hex");
const bearer = (value: string) => ({ Authorization: `Bearer ${value}` });
const TOKENS = {
  security: bearer(token),
  staging: bearer(sandboxAccountToken(token, "staging")),
  acquired: bearer(sandboxAccountToken(token, "acquired")),
  group: bearer(sandboxGroupToken(token)),
  legacy: { "X-Auth-Email": email, "X-Auth-Key": key },
};
const secrets = [token, key, sandboxAccountToken(token, "staging"), sandboxAccountToken(token, "acquired"), sandboxGroupToken(token)];

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, apiToken: token, apiEmail: email, apiKey: key, rateLimit: null });
});
afterAll(() => sandbox.close());

interface Envelope {
  result: unknown;
  result_info?: { page: number; per_page: number; count: number; total_count: number; total_pages: number };
  success: boolean;
  errors: { code: number; message: string }[];
}

async function call(base: string, path: string, auth: Record<string, string>, init: RequestInit = {}) {
  const res = await fetch(`${base}${path}`, { ...init, headers: { ...auth, ...(init.headers as Record<string, string>) } });
  const text = await res.text();
  return { status: res.status, text, body: JSON.parse(text) as Envelope };
}
const get = (path: string, auth: Record<string, string>) => call(sandbox.apiBaseUrl, path, auth);

/** Every zone a credential lists, page by page. */
async function allZones(auth: Record<string, string>, query = ""): Promise<Zone[]> {
  const zones: Zone[] = [];
  for (let page = 1; ; page++) {
    const answer = await get(`/zones?per_page=50&page=${page}${query}`, auth);
    expect(answer.status, answer.text).toBe(200);
    const result = answer.body.result as Zone[];
    if (result.length === 0) return zones;
    zones.push(...result);
  }
}

const account = (key: string) => sandbox.accounts.find((served) => served.key === key)!.state;
/** One account as the default sandbox seeds it, before any call or control endpoint changed it. */
const fresh = (key: string) => seedAccounts(SANDBOX_ACCOUNT_PROFILES, { seed: 1 }).find((served) => served.profile.key === key)!.state;
const digest = (state: SandboxState) => createHash("sha256").update(JSON.stringify(state)).digest("hex");

describe("the sandbox's accounts", () => {
  it("serves security, staging and acquired by default: separate zones, each carrying its own account, sizes and plans of their own", () => {
    expect(sandbox.accounts.map((served) => served.key)).toEqual(["security", "staging", "acquired"]);
    const [security, staging, acquired] = sandbox.accounts.map((served) => served.state);
    expect([security!.zones.length, staging!.zones.length, acquired!.zones.length]).toEqual([240, 12, 36]);
    expect(new Set([security!.account.id, staging!.account.id, acquired!.account.id]).size).toBe(3);
    expect([staging!.account.name, acquired!.account.name]).toEqual(["Sandbox Staging", "Acquired Co"]);
    for (const served of sandbox.accounts) {
      for (const zone of served.state.zones) expect(zone.account).toEqual(served.state.account);
    }
    const ids = sandbox.accounts.flatMap((served) => served.state.zones.map((zone) => zone.id));
    const names = sandbox.accounts.flatMap((served) => served.state.zones.map((zone) => zone.name));
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(staging!.zones.map((zone) => zone.plan.legacy_id))).toEqual(new Set(["pro", "business"]));
    expect(new Set(acquired!.zones.map((zone) => zone.plan.legacy_id))).toEqual(new Set(["free", "enterprise"]));
    // Each account's data (DNS, certificates, WAF) is keyed by its own zones only.
    for (const served of sandbox.accounts) {
      const own = served.state.zones.map((zone) => zone.id).sort();
      expect(Object.keys(served.state.dnsRecords).sort()).toEqual(own);
      expect(Object.keys(served.state.certificates).sort()).toEqual(own);
      expect(Object.keys(served.state.waf).sort()).toEqual(own);
    }
  });

  it("keeps the first account exactly the single-account sandbox's: same seed, same bytes", async () => {
    const single = await startSandbox({ port: 0, apiToken: token, accounts: "security", rateLimit: null });
    try {
      expect(single.accounts.map((served) => served.key)).toEqual(["security"]);
      expect(digest(single.state)).toBe(digest(sandbox.state));
      expect(digest(sandbox.state)).toBe(digest(seedAccount({ seed: 1, zoneCount: 240 })));
      // Only the first account is served: the other tokens authenticate nothing.
      for (const auth of [TOKENS.staging, TOKENS.group]) {
        const answer = await call(single.apiBaseUrl, "/zones", auth);
        expect(answer.status).toBe(403);
        expect(answer.body.errors[0]?.code).toBe(10000);
      }
    } finally {
      await single.close();
    }
  });

  it("lists, for each credential, only the zones of the accounts it reaches", async () => {
    const ids = (zones: Zone[]) => zones.map((zone) => zone.id).sort();
    const own = (key: string) =>
      account(key)
        .zones.map((zone) => zone.id)
        .sort();
    expect(ids(await allZones(TOKENS.security))).toEqual(own("security"));
    expect(ids(await allZones(TOKENS.legacy))).toEqual(own("security"));
    expect(ids(await allZones(TOKENS.staging))).toEqual(own("staging"));
    expect(ids(await allZones(TOKENS.acquired))).toEqual(own("acquired"));
    const group = await allZones(TOKENS.group);
    expect(ids(group)).toEqual([...own("staging"), ...own("acquired")].sort());
    expect(new Set(group.map((zone) => zone.account.name))).toEqual(new Set(["Sandbox Staging", "Acquired Co"]));
  });

  it("filters the group token's listing to one account with account.id, as the real API's query does", async () => {
    const staging = account("staging").account.id;
    const filtered = await allZones(TOKENS.group, `&account.id=${staging}`);
    expect(filtered).toHaveLength(12);
    expect(filtered.every((zone) => zone.account.id === staging)).toBe(true);
    // Another credential's account id filters to nothing: the listing never reaches past the token.
    expect(await allZones(TOKENS.security, `&account.id=${staging}`)).toEqual([]);
  });

  it("refuses a zone of another account with 403/9109 before any data, and keeps 404/1001 for an id that is no zone", async () => {
    const foreign = account("staging").zones[0]!;
    for (const path of [`/zones/${foreign.id}`, `/zones/${foreign.id}/dns_records`, `/zones/${foreign.id}/custom_hostnames`]) {
      for (const auth of [TOKENS.security, TOKENS.legacy, TOKENS.acquired]) {
        const answer = await get(path, auth);
        expect(answer.status, path).toBe(403);
        expect(answer.body).toMatchObject({ result: null, success: false });
        expect(answer.body.errors).toEqual([{ code: 9109, message: "Unauthorized to access requested resource" }]);
        expect(answer.text).not.toContain(foreign.name);
      }
    }
    const reached = await get(`/zones/${foreign.id}/dns_records`, TOKENS.group);
    expect(reached.status).toBe(200);
    expect((reached.body.result as Array<{ zone_id: string }>).every((record) => record.zone_id === foreign.id)).toBe(true);
    expect((await get(`/zones/${foreign.id}`, TOKENS.staging)).body.result).toMatchObject({
      id: foreign.id,
      account: account("staging").account,
    });
    const nowhere = await get(`/zones/${"0".repeat(32)}`, TOKENS.security);
    expect(nowhere.status).toBe(404);
    expect(nowhere.body.errors[0]?.code).toBe(1001);
    // The first account's zones stay out of the group token's reach.
    expect((await get(`/zones/${sandbox.state.zones[0]!.id}`, TOKENS.group)).status).toBe(403);
  });

  it("refuses a GraphQL query naming another account's zone: 403, `zones [...] are not authorized`, no data", async () => {
    const query = (tag: string) => JSON.stringify({ query: `query Tags { viewer { zones(filter: {zoneTag: "${tag}"}) { zoneTag } } }` });
    const foreign = account("acquired").zones[0]!.id;
    const refused = await call(sandbox.apiBaseUrl, "/graphql", TOKENS.staging, { method: "POST", body: query(foreign) });
    expect(refused.status, refused.text).toBe(403);
    const body = JSON.parse(refused.text) as { data: unknown; errors: { message: string }[] };
    expect(body.data).toBeNull();
    expect(body.errors[0]?.message).toBe(`zones [${foreign}] are not authorized`);
    const answered = await call(sandbox.apiBaseUrl, "/graphql", TOKENS.group, { method: "POST", body: query(foreign) });
    expect(answered.status, answered.text).toBe(200);
    expect(JSON.parse(answered.text)).toMatchObject({ data: { viewer: { zones: [{ zoneTag: foreign }] } } });
  });

  it("answers GET /accounts with the accounts a credential reaches, in the SDK's Account shape, paged", async () => {
    const mine = await get("/accounts", TOKENS.security);
    expect(mine.status).toBe(200);
    expect(mine.body.result).toEqual([
      {
        id: sandbox.state.account.id,
        name: "Sandbox Security Team",
        type: "enterprise",
        settings: { enforce_twofactor: true },
        created_on: sandbox.state.zones.map((zone) => zone.created_on).sort()[0],
      },
    ]);
    expect(mine.body.result_info).toEqual({ page: 1, per_page: 20, count: 1, total_count: 1, total_pages: 1 });
    const group = await get("/accounts?direction=desc", TOKENS.group);
    expect((group.body.result as Array<{ name: string; type: string }>).map(({ name, type }) => [name, type])).toEqual([
      ["Sandbox Staging", "standard"],
      ["Acquired Co", "enterprise"],
    ]);
    expect((await get("/accounts?name=Acquired%20Co", TOKENS.group)).body.result_info?.total_count).toBe(1);
    expect((await get("/accounts?per_page=4", TOKENS.group)).status).toBe(400);
    // The official SDK pages through it (it stops on an empty page) and reads the same two accounts.
    const sdk = new Cloudflare({ apiToken: sandboxGroupToken(token), baseURL: sandbox.apiBaseUrl, maxRetries: 0 });
    const listed: string[] = [];
    for await (const found of sdk.accounts.list({ per_page: 5 })) listed.push(found.name);
    expect(listed).toEqual(["Acquired Co", "Sandbox Staging"]);
    expect((await get("/accounts", {})).status).toBe(400);
  });

  it("applies a control endpoint's certificate change to the named zone's own account", async () => {
    const zone = account("staging").zones[2]!;
    const packs = async () =>
      ((await get(`/zones/${zone.id}/ssl/certificate_packs?per_page=50`, TOKENS.staging)).body.result as unknown[]).length;
    const before = await packs();
    const res = await fetch(`${sandbox.url}/__sandbox/certificates`, {
      method: "POST",
      body: JSON.stringify({ change: "order_legacy_pack", zoneId: zone.id }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as { zone: { id: string } }).zone.id).toBe(zone.id);
    expect(await packs()).toBe(before + 1);
  });

  it("logs which credential and account each call used, never a secret", async () => {
    await fetch(`${sandbox.url}/__sandbox/calls`, { method: "DELETE" });
    const zone = account("acquired").zones[1]!;
    await get(`/zones/${zone.id}`, TOKENS.group);
    await get(`/zones/${zone.id}`, TOKENS.security);
    await get("/zones", TOKENS.legacy);
    await get("/zones", TOKENS.group);
    const log = (await (await fetch(`${sandbox.url}/__sandbox/calls`)).json()) as { calls: Array<Record<string, unknown>> };
    expect(log.calls.map(({ status, credential, account: id }) => ({ status, credential, account: id }))).toEqual([
      { status: 200, credential: "token:group", account: account("acquired").account.id },
      { status: 403, credential: "token", account: undefined },
      { status: 200, credential: "legacy-key", account: sandbox.state.account.id },
      { status: 200, credential: "token:group", account: undefined },
    ]);
    const text = JSON.stringify(log);
    for (const secret of secrets) expect(text).not.toContain(secret);
  });
});

describe("each credential's own rate limit", () => {
  it("exhausting one token's limit leaves the other tokens answered (REST and GraphQL alike)", async () => {
    const now = 1_800_000_000_000;
    const limited = await startSandbox({
      port: 0,
      apiToken: token,
      apiEmail: email,
      apiKey: key,
      rateLimit: { requests: 3, windowSeconds: 300 },
      graphqlRateLimit: { requests: 1, windowSeconds: 300 },
      now: () => now,
    });
    try {
      const statuses = async (auth: Record<string, string>, times: number) => {
        const out: number[] = [];
        for (let i = 0; i < times; i++) out.push((await call(limited.apiBaseUrl, "/zones", auth)).status);
        return out;
      };
      expect(await statuses(TOKENS.security, 4)).toEqual([200, 200, 200, 429]);
      expect(await statuses(TOKENS.staging, 4)).toEqual([200, 200, 200, 429]);
      expect(await statuses(TOKENS.group, 1)).toEqual([200]);
      expect(await statuses(TOKENS.legacy, 1)).toEqual([200]);
      expect(await statuses(TOKENS.acquired, 1)).toEqual([200]);
      const graphql = (auth: Record<string, string>, tag: string) =>
        call(limited.apiBaseUrl, "/graphql", auth, {
          method: "POST",
          body: JSON.stringify({ query: `query Q { viewer { zones(filter: {zoneTag: "${tag}"}) { zoneTag } } }` }),
        });
      const acquiredZone = limited.accounts[2]!.state.zones[0]!.id;
      expect((await graphql(TOKENS.acquired, acquiredZone)).status).toBe(200);
      expect((await graphql(TOKENS.acquired, acquiredZone)).status).toBe(429);
      expect((await graphql(TOKENS.group, acquiredZone)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe("SANDBOX_ACCOUNTS", () => {
  it("refuses an unknown account or a list without the first, naming the variable", async () => {
    await expect(startSandbox({ apiToken: token, accounts: "security,prod" })).rejects.toThrow(/^SANDBOX_ACCOUNTS names "prod"/);
    await expect(startSandbox({ apiToken: token, accounts: "staging" })).rejects.toThrow(/^SANDBOX_ACCOUNTS must start with security/);
  });

  it("keeps the hostile strings and the large profile to the first account", async () => {
    const shaped = await startSandbox({
      port: 0,
      apiToken: token,
      accounts: "security,staging",
      hostileStrings: true,
      customHostnames: 500,
    });
    try {
      expect(digest(shaped.accounts[1]!.state)).toBe(digest(fresh("staging")));
      expect(shaped.accounts[0]!.state.zones.some((zone) => zone.name.includes("<"))).toBe(true);
      expect(shaped.accounts[0]!.state.bulkHostnames.size).toBeGreaterThan(0);
    } finally {
      await shaped.close();
    }
  });

  it("serves only the accounts chosen: security and acquired, the group token reaching acquired alone", async () => {
    const two = await startSandbox({ port: 0, apiToken: token, accounts: "security,acquired", rateLimit: null });
    try {
      expect(two.accounts.map((served) => served.key)).toEqual(["security", "acquired"]);
      expect(digest(two.accounts[1]!.state)).toBe(digest(fresh("acquired")));
      const group = await call(two.apiBaseUrl, "/zones?per_page=50", TOKENS.group);
      expect(group.body.result_info?.total_count).toBe(36);
      expect((await call(two.apiBaseUrl, "/zones", TOKENS.staging)).status).toBe(403);
    } finally {
      await two.close();
    }
  });
});
