/// <reference types="vite/client" />
// Every JSON operation under app/api, called in-process (the real route handlers, a real sandbox over
// HTTP behind them, Miniflare's bucket) with at least 1,000 generated inputs each: never a 5xx, every JSON
// error has a `kind`, a 400 always names a field the operation reads, and no `..`, encoded slash, `?` or
// `#` ever reached a platform path (checked on the raw request targets in the sandbox's call log).
import { createServer, type Server } from "node:http";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type CallRecord, type RunningSandbox } from "@/lib/dev/sandbox/server";
import { caller, origin } from "@/tests/unit/reliability/hostile/arbitraries";
import { fuzzRoutes, type FuzzRoute, type RouteCase } from "@/tests/integration/reliability/hostile/routes";

const TOKEN = "hostile-input-token-0123456789abcdef";
const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const TRUTHFUL = new Set([200, 201, 400, 401, 403, 404, 405, 409, 413]);
type Handler = (request: Request, route: { params: Promise<unknown> }) => Promise<Response>;
/** Every route file under app/api: the table must cover each of them. */
const ROUTE_FILES = import.meta.glob("/app/api/**/route.ts");

let sandbox: RunningSandbox;
let gateway: Server;
let routes: FuzzRoute[];
const figures: string[] = [];

/** A JSON-RPC gateway that has no traces: valid trace queries get an answer without a node. */
function startGateway(): Promise<Server> {
  const server = createServer((req, res) => {
    let text = "";
    req.on("data", (chunk: Buffer) => (text += chunk.toString()));
    req.on("end", () => {
      const { id, method } = JSON.parse(text) as { id: number; method: string };
      // No transaction is known (GET /api/traces/transactions/{hash} answers 404); no trace has code to read.
      const result =
        method === "eth_getBlockByNumber"
          ? { number: "0x7d0", hash: `0x${"ab".repeat(32)}` }
          : method === "eth_getTransactionByHash"
            ? null
            : [];
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", id, result }));
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

beforeAll(async () => {
  // No rate limits: the impact of a zone's affected hosts (or the account's) spends the GraphQL budget fast, and
  // a limit's 503 is truthful but would hide what this test looks for (a crash, a 400 naming no field).
  sandbox = await startSandbox({ port: 0, apiToken: TOKEN, rateLimit: null, graphqlRateLimit: null, zoneCount: 12, seed: 5 });
  gateway = await startGateway();
  Object.assign(process.env, {
    SANDBOX_PORT: String(sandbox.port),
    SANDBOX_API_TOKEN: TOKEN,
    CLOUDFLARE_API_TOKEN: "",
    CLOUDFLARE_API_BASE_URL: "",
    ETH_GATEWAY_URL: `http://127.0.0.1:${(gateway.address() as { port: number }).port}/v1/fuzz`,
    ACCOUNT_RATE_LIMIT: "1000000",
    GRAPHQL_RATE_LIMIT: "1000000",
    UPSTREAM_TIMEOUT_MS: "10000",
    PREFLIGHT_DATA_DIR: mkdtempSync(join(tmpdir(), "preflight-fuzz-")),
    AUTH_KEY_SECRET: "fuzz-archive-secret-0123456789",
  });
  const zoneIds = sandbox.state.zones.map((z) => z.id);
  // Real reviews (one per pending invitation), so the steps' fuzzing reaches the state machine and the bucket.
  const create = (await ROUTE_FILES["/app/api/reviews/route.ts"]!()) as Record<string, Handler>;
  const reviewIds: string[] = [];
  for (const invite of sandbox.state.invites.filter((i) => i.status === "pending")) {
    const request = new Request("http://127.0.0.1:3000/api/reviews", {
      method: "POST",
      headers: { "x-preflight-demo-user": "planner" },
      body: JSON.stringify({ kind: "accept_invite", inviteId: invite.id }),
    });
    const response = await create.POST!(request, { params: Promise.resolve({}) });
    reviewIds.push(((await response.json()) as { id: string }).id);
  }
  expect(reviewIds.length).toBeGreaterThan(0);
  routes = fuzzRoutes(zoneIds, reviewIds);
}, 60_000);

afterAll(async () => {
  console.log(`hostile input: ${figures.join("; ")}`);
  await sandbox.close();
  await new Promise((resolve) => gateway.close(resolve));
});

/** Header values a real HTTP request can carry (latin-1, no line breaks); the rest never reach a server. */
const headerSafe = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, v.replace(/[^\x20-\x7e\x80-\xff]/g, "")]));

async function send(route: FuzzRoute, c: RouteCase, who: Record<string, string>, from: Record<string, string>) {
  const routeModule = (await ROUTE_FILES[`/app/api/${route.module}.ts`]!()) as Record<string, Handler | undefined>;
  const handler = routeModule[c.method];
  if (!handler) throw new Error(`${route.name} has no ${c.method} handler`);
  // Next hands routes decoded, well-formed text: a lone surrogate arrives as U+FFFD.
  const wellFormed = (v: string) => v.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
  c = {
    ...c,
    params: Object.fromEntries(Object.entries(c.params).map(([k, v]) => [k, Array.isArray(v) ? v.map(wellFormed) : wellFormed(v)])),
  };
  const segments = Object.values(c.params).flat().map(encodeURIComponent).join("/");
  const url = new URL(`http://127.0.0.1:3000/api/fuzz/${segments}`);
  for (const [name, value] of c.query) url.searchParams.append(name, value);
  const hasBody = c.method !== "GET" && c.method !== "HEAD";
  const request = new Request(url, {
    method: c.method,
    headers: headerSafe({ ...who, ...from, ...(c.headers ?? {}) }),
    body: hasBody ? (c.body ?? "") : undefined,
  });
  const response = await handler(request, { params: Promise.resolve(c.params) });
  return { status: response.status, type: response.headers.get("content-type") ?? "", text: await response.text() };
}

/** The field a 400 names, reduced to the request field it belongs to (`hostnameIds[2]` → `hostnameIds`). */
const rootField = (field: string) => field.replace(/\[\d+\].*$/, "").split(".")[0]!;

describe("hostile input to every JSON operation", () => {
  // Every route fuzzRoutes lists: counted from a list built now (the ids only fill its cases), so none is listed but left out.
  it.each(Array.from({ length: fuzzRoutes(["0"], ["0"]).length }, (_, i) => i))(
    "route %i: never a 5xx, a 400 names the field",
    async (index) => {
      const route = routes[index]!;
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(route.cases, caller, origin, async (c, who, from) => {
          const answer = await send(route, c, who, from);
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          expect(TRUTHFUL.has(answer.status), `${route.name} answered ${answer.status}: ${answer.text.slice(0, 300)}`).toBe(true);
          if (answer.status >= 400 && answer.type.startsWith("application/json")) {
            const kind = (JSON.parse(answer.text) as { error: { kind?: unknown } }).error.kind;
            expect(typeof kind, `${route.name}: an error without a kind: ${answer.text.slice(0, 200)}`).toBe("string");
          }
          if (answer.status !== 400) return;
          if (answer.type.startsWith("text/plain")) {
            expect(answer.text).toMatch(/\bkey\b/); // the archive answers as the platform document's example handler: text
            return;
          }
          const field = (JSON.parse(answer.text) as { error: { field?: string } }).error.field;
          expect(typeof field, `${route.name}: a 400 without a field: ${answer.text.slice(0, 200)}`).toBe("string");
          expect([...route.fields, "body"], `${route.name} named ${field}`).toContain(rootField(field!));
        }),
        { numRuns: Math.min(RUNS, route.maxRuns ?? RUNS) },
      );
      figures.push(
        `${route.name} ${Math.min(RUNS, route.maxRuns ?? RUNS)} (${[...statuses]
          .sort(([a], [b]) => a - b)
          .map(([s, n]) => `${s}×${n}`)
          .join(" ")})`,
      );
    },
    240_000,
  );

  it("let no `..`, encoded slash, `?` or `#` reach a platform path", async () => {
    const covered = new Set(routes.map((r) => `/app/api/${r.module}.ts`));
    expect(Object.keys(ROUTE_FILES).filter((file) => !covered.has(file))).toEqual([]); // every route under app/api is fuzzed
    const calls: CallRecord[] = sandbox.calls();
    expect(calls.length).toBeGreaterThan(100);
    const segment = /^(?:[0-9a-f]{32}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[a-z_]+|v4|graphql)$/;
    for (const call of calls) {
      const [path, query = ""] = call.target.split("?", 2);
      expect(call.target.split("?").length, call.target).toBeLessThanOrEqual(2);
      expect(call.target, call.target).not.toMatch(/#|%2f|%5c|\.\.|\\/i);
      for (const part of path!.split("/").slice(1)) expect(part, call.target).toMatch(segment);
      for (const [, value] of new URLSearchParams(query)) expect(value, call.target).not.toMatch(/[/?#\\]|\.\./);
    }
    figures.push(`${calls.length} upstream calls checked, every path made of fixed segments, 32-hex identifiers and UUIDs`);
  });
});
