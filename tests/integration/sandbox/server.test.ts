// The sandbox's v4 API over real HTTP: auth, zone paging and ordering, zone lookup, DNS paging, routing, hostile input.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type DnsRecord, type RunningSandbox, type Zone } from "@/lib/dev/sandbox/server";

const token = randomBytes(24).toString("hex");
const email = "qa@sandbox.preflight.test";
const key = randomBytes(18).toString("hex");
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
  messages: unknown[];
}

interface Answer {
  status: number;
  headers: Headers;
  text: string;
  body: Envelope;
}

const zonesOf = (answer: Answer) => answer.body.result as Zone[];
const recordsOf = (answer: Answer) => answer.body.result as DnsRecord[];
const firstError = (answer: Answer) => answer.body.errors[0]?.message ?? "";

async function call(
  path: string,
  init: RequestInit = {},
  auth: Record<string, string> = { Authorization: `Bearer ${token}` },
): Promise<Answer> {
  const res = await fetch(`${sandbox.apiBaseUrl}${path}`, { ...init, headers: { ...auth, ...(init.headers as Record<string, string>) } });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: JSON.parse(text) as Envelope };
}

function expectFailure(answer: Answer, status: number, code: number) {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.headers.get("content-type")).toBe("application/json");
  expect(answer.body).toMatchObject({ result: null, success: false, messages: [] });
  expect(answer.body.errors[0]?.code, answer.text).toBe(code);
}

const sortedNames = () => sandbox.state.zones.map((z) => z.name).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

describe("authentication", () => {
  it("answers 400/9106 without credentials", async () => {
    const answer = await call("/zones", {}, {});
    expectFailure(answer, 400, 9106);
    expect(firstError(answer)).toBe("Missing X-Auth-Key, X-Auth-Email or Authorization headers");
  });

  it("answers 403/10000 to a wrong token or key, without echoing it", async () => {
    const wrong = `wrong-${randomBytes(12).toString("hex")}`;
    const attempts: Record<string, string>[] = [
      { Authorization: `Bearer ${wrong}` },
      { "X-Auth-Email": email, "X-Auth-Key": wrong },
      { Authorization: wrong },
    ];
    for (const auth of attempts) {
      const answer = await call("/zones", {}, auth);
      expectFailure(answer, 403, 10000);
      expect(answer.text).not.toContain(wrong);
    }
    expectFailure(await call("/zones", {}, { "X-Auth-Email": "someone@else.test", "X-Auth-Key": key }), 403, 10000);
  });

  it("accepts the bearer token and the e-mail + key pair", async () => {
    expect((await call("/zones")).status).toBe(200);
    const legacy = await call("/zones", {}, { "X-Auth-Email": email, "X-Auth-Key": key });
    expect(legacy.status).toBe(200);
    expect(legacy.body.success).toBe(true);
  });

  it("never echoes a credential in bodies, headers or the call log", async () => {
    const answers = [await call("/zones?per_page=5"), await call("/zones/nope"), await call("/nowhere")];
    for (const answer of answers) {
      const headers = JSON.stringify([...answer.headers]);
      for (const secret of [token, key]) {
        expect(answer.text).not.toContain(secret);
        expect(headers).not.toContain(secret);
      }
    }
    const log = await (await fetch(`${sandbox.url}/__sandbox/calls`)).text();
    expect(log).not.toContain(token);
    expect(log).not.toContain(key);
  });
});

describe("GET /zones", () => {
  it("walks every page: each zone exactly once, in name order, then an empty page", async () => {
    const seen: Zone[] = [];
    let page = 1;
    for (;;) {
      const answer = await call(`/zones?page=${page}&per_page=50`);
      expect(answer.status).toBe(200);
      expect(answer.body.result_info).toMatchObject({
        page,
        per_page: 50,
        total_count: 240,
        total_pages: 5,
        count: zonesOf(answer).length,
      });
      if (zonesOf(answer).length === 0) break;
      seen.push(...zonesOf(answer));
      page += 1;
    }
    expect(page).toBe(6);
    expect(new Set(seen.map((z) => z.id)).size).toBe(240);
    expect(seen.map((z) => z.name)).toEqual(sortedNames());
  });

  it("defaults to page 1 of 20 and refuses per_page outside 5..50 or not an integer", async () => {
    const first = await call("/zones");
    expect(first.body.result_info).toMatchObject({ page: 1, per_page: 20, count: 20 });
    for (const bad of ["4", "51", "0", "-5", "abc", "20.5", "1e2", ""]) {
      const answer = await call(`/zones?per_page=${encodeURIComponent(bad)}`);
      expectFailure(answer, 400, 10400);
      expect(firstError(answer)).toContain("per_page");
    }
    expect(zonesOf(await call("/zones?per_page=5"))).toHaveLength(5);
    expect(zonesOf(await call("/zones?per_page=50"))).toHaveLength(50);
    expectFailure(await call("/zones?page=0"), 400, 10400);
  });

  it("orders by name, status, account and plan in either direction (direction is case-insensitive)", async () => {
    const desc = await call("/zones?per_page=50&direction=DESC");
    expect(zonesOf(desc).map((z) => z.name)).toEqual(sortedNames().reverse().slice(0, 50));
    const byStatus = await call("/zones?per_page=50&order=status&direction=desc");
    const statuses = zonesOf(byStatus).map((z) => z.status);
    expect(statuses).toEqual([...statuses].sort().reverse());
    const byPlan = await call("/zones?per_page=50&order=plan.id");
    const plans = zonesOf(byPlan).map((z) => z.plan.id);
    expect(plans).toEqual([...plans].sort());
    expect((await call("/zones?order=account.name")).status).toBe(200);
    expect((await call("/zones?order=account.id&direction=asc")).status).toBe(200);
    expect(firstError(await call("/zones?order=created_on"))).toContain("order");
    expect(firstError(await call("/zones?direction=up"))).toContain("direction");
  });

  it("filters by name operators, status and account id", async () => {
    const target = sandbox.state.zones[7]!;
    const exact = await call(`/zones?name=${target.name.toUpperCase()}`);
    expect(zonesOf(exact).map((z) => z.id)).toEqual([target.id]);
    const contains = await call("/zones?per_page=50&name=contains:northwind");
    expect(zonesOf(contains).every((z) => z.name.includes("northwind"))).toBe(true);
    expect(contains.body.result_info?.total_count).toBe(sandbox.state.zones.filter((z) => z.name.includes("northwind")).length);
    const ends = await call("/zones?per_page=50&name=ends_with:.co.uk");
    expect(zonesOf(ends).every((z) => z.name.endsWith(".co.uk"))).toBe(true);
    const starts = await call("/zones?per_page=50&name=starts_with:contoso");
    expect(zonesOf(starts).every((z) => z.name.startsWith("contoso"))).toBe(true);
    const pending = await call("/zones?per_page=50&status=pending");
    const expectedPending = sandbox.state.zones.filter((z) => z.status === "pending").length;
    expect(expectedPending).toBeGreaterThan(0);
    expect(pending.body.result_info?.total_count).toBe(expectedPending);
    const account = await call(`/zones?account.id=${sandbox.state.account.id}`);
    expect(account.body.result_info?.total_count).toBe(240);
    expect((await call("/zones?account.id=0123456789abcdef0123456789abcdef")).body.result).toEqual([]);
    expectFailure(await call("/zones?status=sleeping"), 400, 10400);
  });
});

describe("GET /zones/{zone_id}", () => {
  it("returns the zone, refuses a malformed id (400/7003) and an unknown one (404/1001)", async () => {
    const zone = sandbox.state.zones[3]!;
    const answer = await call(`/zones/${zone.id}`);
    expect(answer.status).toBe(200);
    expect(answer.body.result).toEqual(zone);
    expect(answer.body.result_info).toBeUndefined();
    const malformed = await call("/zones/not-a-zone");
    expectFailure(malformed, 400, 7003);
    expect(firstError(malformed)).toBe("Could not route to /zones/not-a-zone, perhaps your object identifier is invalid?");
    const unknown = await call("/zones/0123456789abcdef0123456789abcdef");
    expectFailure(unknown, 404, 1001);
    expect(firstError(unknown)).toBe("Invalid zone identifier");
  });
});

describe("GET /zones/{zone_id}/dns_records", () => {
  it("pages a big zone by 100 by default, each record once, then an empty page", async () => {
    const [zoneId, records] = Object.entries(sandbox.state.dnsRecords).sort((a, b) => b[1].length - a[1].length)[0]!;
    expect(records.length).toBeGreaterThan(200);
    const first = await call(`/zones/${zoneId}/dns_records`);
    expect(recordsOf(first)).toHaveLength(100);
    expect(first.body.result_info).toMatchObject({
      page: 1,
      per_page: 100,
      count: 100,
      total_count: records.length,
      total_pages: Math.ceil(records.length / 100),
    });
    const ids: string[] = [];
    for (let page = 1; ; page++) {
      const answer = await call(`/zones/${zoneId}/dns_records?page=${page}`);
      if (recordsOf(answer).length === 0) break;
      ids.push(...recordsOf(answer).map((r) => r.id));
    }
    expect(ids.sort()).toEqual(records.map((r) => r.id).sort());
    const types = recordsOf(first).map((r) => r.type);
    expect(types).toEqual([...types].sort());
  });

  it("filters type=CAA with content matching data, and orders by ttl desc", async () => {
    const zone = sandbox.state.zones.find((z) => (sandbox.state.dnsRecords[z.id] ?? []).some((r) => r.type === "CAA"))!;
    const answer = await call(`/zones/${zone.id}/dns_records?type=CAA`);
    expect(recordsOf(answer).length).toBeGreaterThan(0);
    for (const record of recordsOf(answer)) {
      expect(record.type).toBe("CAA");
      expect(record.content).toBe(`${record.data?.flags} ${record.data?.tag} "${record.data?.value}"`);
    }
    const byTtl = await call(`/zones/${zone.id}/dns_records?order=ttl&direction=desc`);
    const ttls = recordsOf(byTtl).map((r) => r.ttl);
    expect(ttls).toEqual([...ttls].sort((a, b) => b - a));
  });

  it("refuses bad per_page, type and zone ids", async () => {
    const zone = sandbox.state.zones[0]!;
    expectFailure(await call(`/zones/${zone.id}/dns_records?per_page=0`), 400, 10400);
    expectFailure(await call(`/zones/${zone.id}/dns_records?per_page=5000001`), 400, 10400);
    expect((await call(`/zones/${zone.id}/dns_records?per_page=5000000`)).status).toBe(200);
    expectFailure(await call(`/zones/${zone.id}/dns_records?type=BOGUS`), 400, 10400);
    expectFailure(await call("/zones/0123456789abcdef0123456789abcdef/dns_records"), 404, 1001);
    expectFailure(await call("/zones/xyz/dns_records"), 400, 7003);
  });
});

describe("routing and hostile input", () => {
  it("answers 404/7003 to an unknown route and 405/10405 to a wrong method", async () => {
    const unknown = await call("/accounts/whatever/secrets");
    expectFailure(unknown, 404, 7003);
    expect(firstError(unknown)).toBe("No route for the URI");
    expectFailure(await call("/zones", { method: "POST", body: "{not json", headers: { "Content-Type": "application/json" } }), 405, 10405);
    expectFailure(await call(`/zones/${sandbox.state.zones[0]!.id}`, { method: "DELETE" }), 405, 10405);
  });

  it("never crashes or answers 500 on hostile queries and paths", async () => {
    const hostile = [
      "/zones?page=99999999999999999999",
      "/zones?page=1e309&per_page=NaN",
      "/zones?per_page=%00",
      "/zones?direction=&order=",
      "/zones?order[]=name&name[$ne]=x",
      `/zones?name=${"a".repeat(5000)}`,
      "/zones?name=contains:",
      "/zones/%E0%A4%A",
      "/zones/%2e%2e%2f%2e%2e%2f__sandbox%2freset",
      "/zones/../../__sandbox/calls",
      `/zones/${sandbox.state.zones[0]!.id}/dns_records?proxied=maybe&page=-1`,
    ];
    for (const path of hostile) {
      const res = await fetch(`${sandbox.apiBaseUrl}${path}`, { headers: { Authorization: `Bearer ${token}` } });
      expect(res.status, path).toBeLessThan(500);
      expect(res.headers.get("content-type"), path).toBe("application/json");
      JSON.parse(await res.text());
    }
    const page = await call("/zones?page=99999");
    expect(page.body.result).toEqual([]);
    expect((await fetch(`${sandbox.url}/__sandbox/health`)).status).toBe(200);
  });
});
