// Every operation of lib/api/operations.ts answers each success status it declares at least once here, through
// the real route handlers against the sandbox, and each of those answers is checked against its schema by the
// central check (setup.ts): the last test fails for a declared answer no call produced, so none goes unchecked.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATIONS, routePath, type ApiOperation } from "@/lib/api/operations";
import { startSandbox, type RunningSandbox } from "@/lib/dev/sandbox/server";
import { closeLocalBucket } from "@/lib/storage/local-bucket";
import { checkedAnswers, settleChecks } from "@/tests/integration/api-contract/checked-operation";
import {
  startRecordingGateway,
  type RecordingGateway,
  type RecordedTransaction,
} from "@/tests/integration/named-operations/recording-gateway";
import { routeFiles } from "@/tests/integration/named-operations/routes";
import { seededWindow, TOKEN, zoneWithOrdinal } from "@/tests/integration/validation-mode/harness";

type Handler = (request: Request, route: { params: Promise<unknown> }) => Promise<Response>;
interface Call {
  params?: Record<string, string | string[]>;
  query?: string;
  body?: unknown;
  user?: string;
  headers?: Record<string, string>;
}

const ARCHIVE_KEY = "every-operation-archive-key-0123";
const PEM = readFileSync("tests/unit/certificates/fixtures/letsencrypt-2022-fullchain.pem", "utf8");
const SENDER = `0x${"a1".repeat(20)}`;
const TOKEN_ADDRESS = `0x${"70".repeat(20)}`;
const RECIPIENT = `0x${"b2".repeat(20)}`;
const word = (hex: string) => hex.replace(/^0x/, "").padStart(64, "0");
// An ERC-20 transfer(RECIPIENT, 1000) whose token then sends 16 wei on in a call that reverts.
const TRANSFER: RecordedTransaction = {
  hash: `0x${"7e".repeat(32)}`,
  blockNumber: 5,
  blockHash: `0x${"5b".repeat(32)}`,
  traces: [
    { action: { from: SENDER, to: TOKEN_ADDRESS, callType: "call", value: "0x0", input: `0xa9059cbb${word(RECIPIENT)}${word("3e8")}` } },
    { action: { from: TOKEN_ADDRESS, to: RECIPIENT, callType: "call", value: "0x10", input: "0x" }, error: "Reverted" },
  ].map((trace, i) => ({
    ...trace,
    type: "call",
    blockNumber: 5,
    blockHash: `0x${"5b".repeat(32)}`,
    result: i === 0 ? { gasUsed: "0x5208", output: `0x${word("1")}` } : null,
    subtraces: i === 0 ? 1 : 0,
    traceAddress: i === 0 ? [] : [0],
    transactionHash: `0x${"7e".repeat(32)}`,
    transactionPosition: 0,
  })),
};
const TRANSFER_ABI = [
  {
    type: "function",
    name: "transfer",
    stateMutability: "nonpayable",
    inputs: [
      { name: "to", type: "address" },
      { name: "amount", type: "uint256" },
    ],
    outputs: [{ name: "ok", type: "bool" }],
  },
];
let sandbox: RunningSandbox;
let gateway: RecordingGateway;
let dataDir: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, apiToken: TOKEN, rateLimit: null, graphqlRateLimit: null, zoneCount: 24 });
  gateway = await startRecordingGateway("/v1/every-operation", TRANSFER);
  dataDir = mkdtempSync(join(tmpdir(), "preflight-every-operation-"));
  Object.assign(process.env, {
    CLOUDFLARE_API_TOKEN: "",
    SANDBOX_PORT: String(sandbox.port),
    SANDBOX_API_TOKEN: TOKEN,
    ETH_GATEWAY_URL: gateway.url,
    AUTH_KEY_SECRET: ARCHIVE_KEY,
    ACCOUNT_RATE_LIMIT: "1000000",
    GRAPHQL_RATE_LIMIT: "1000000",
    PREFLIGHT_DATA_DIR: dataDir,
  });
}, 60_000);
afterAll(async () => {
  await closeLocalBucket();
  await gateway.close();
  await sandbox.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Calls the operation named as in the registry ("POST /api/reviews/{id}/submit") through its route file's handler. */
async function call(name: keyof typeof OPERATIONS, init: Call = {}) {
  const [method, path] = name.split(" ") as [string, string];
  const route = routeFiles().find((r) => routePath(r.file) === path)!;
  const handler = ((await import(/* @vite-ignore */ `@/${route.file}`)) as Record<string, Handler>)[method]!;
  const url = `http://127.0.0.1:3000${path.replace(/\{(\w+)(\.\.\.)?\}/g, (_, key: string) => String(init.params?.[key]).replace(/,/g, "/"))}`;
  const request = new Request(`${url}${init.query ?? ""}`, {
    method,
    headers: { host: "127.0.0.1:3000", "x-preflight-demo-user": init.user ?? "planner", ...init.headers },
    body: init.body === undefined ? undefined : typeof init.body === "string" ? init.body : JSON.stringify(init.body),
  });
  const response = await handler(request, { params: Promise.resolve(init.params ?? {}) });
  return { status: response.status, text: await response.text() };
}

async function expectStatus(status: number, answer: Promise<{ status: number; text: string }>) {
  const { status: got, text } = await answer;
  expect(got, text.slice(0, 300)).toBe(status);
  return text;
}

describe("every operation", () => {
  it("answers the zone and certificate reads", async () => {
    const zone = zoneWithOrdinal(sandbox, 0);
    const { since, until } = seededWindow();
    const window = `?since=${encodeURIComponent(since)}&until=${encodeURIComponent(until)}`;
    await expectStatus(200, call("GET /api/health"));
    await expectStatus(200, call("GET /api/accounts"));
    await expectStatus(200, call("GET /api/zones", { query: "?source=live" }));
    await expectStatus(200, call("GET /api/zones/{id}/migration", { params: { id: zone.id } }));
    await expectStatus(200, call("GET /api/zones/{id}/drift", { params: { id: zone.id } }));
    await expectStatus(200, call("GET /api/zones/{id}/validation", { params: { id: zone.id }, query: window }));
    const ndjson = { accept: "application/x-ndjson" };
    await expectStatus(200, call("GET /api/zones/{id}/validation", { params: { id: zone.id }, query: window, headers: ndjson }));
    await expectStatus(200, call("GET /api/zones/{id}/validation/requests", { params: { id: zone.id }, query: window }));
    await expectStatus(200, call("GET /api/zones/{id}/terraform", { params: { id: zone.id }, query: "?syntax=v5&config=live" }));
    await expectStatus(200, call("GET /api/terraform", { query: "?syntax=v5" }));
    await expectStatus(200, call("GET /api/certificates", { query: "?source=live" }));
    await expectStatus(200, call("GET /api/certificates/zones/{id}", { params: { id: zone.id } }));
    const impact = JSON.parse(await expectStatus(200, call("GET /api/certificates/impact"))) as { zones: Array<{ zoneId: string }> };
    const affected = impact.zones[0]!.zoneId;
    const hosts = JSON.parse(await expectStatus(200, call("GET /api/certificates/impact", { query: `?zone=${affected}` }))) as {
      hosts: Array<{ host: string }>;
    };
    await expectStatus(
      200,
      call("GET /api/certificates/impact", { query: `?zone=${affected}&host=${hosts.hosts[0]?.host ?? "a.example"}` }),
    );
    await expectStatus(200, call("POST /api/certificates/inspect", { body: { pem: PEM } }));
    await expectStatus(200, call("GET /api/invites"));
    await expectStatus(200, call("GET /api/usage"));
  }, 180_000);

  it("answers the reviews, snapshots, session, traces and archive operations", async () => {
    const [first, second] = sandbox.state.invites.filter((i) => i.status === "pending");
    const created = async (inviteId: string) =>
      (JSON.parse(await expectStatus(201, call("POST /api/reviews", { body: { kind: "accept_invite", inviteId } }))) as { id: string }).id;
    const id = await created(first!.id);
    await expectStatus(200, call("GET /api/reviews"));
    await expectStatus(201, call("POST /api/reviews/{id}/comments", { params: { id }, body: { text: "looks right" } }));
    await expectStatus(200, call("POST /api/reviews/{id}/submit", { params: { id }, body: { comment: "please" } }));
    await expectStatus(200, call("POST /api/reviews/{id}/approve", { params: { id }, user: "approver-1" }));
    await expectStatus(200, call("POST /api/reviews/{id}/execute", { params: { id } }));
    await expectStatus(200, call("GET /api/reviews/{id}", { params: { id } }));
    const other = await created(second!.id);
    await expectStatus(200, call("POST /api/reviews/{id}/submit", { params: { id: other } }));
    await expectStatus(200, call("POST /api/reviews/{id}/reject", { params: { id: other }, user: "approver-2" }));

    await expectStatus(200, call("POST /api/snapshots/refresh", { body: { restart: true } }));
    await expectStatus(200, call("GET /api/snapshots"));
    await expectStatus(200, call("DELETE /api/snapshots"));
    await expectStatus(200, call("GET /api/changes"));
    await expectStatus(200, call("GET /api/changes", { query: `?account=${"5ca1ab1e".repeat(4)}` }));
    const origin = { origin: "http://127.0.0.1:3000" };
    await expectStatus(200, call("POST /api/session/demo-user", { body: { user: "approver-1" }, headers: origin }));
    await expectStatus(200, call("POST /api/traces", { body: { fromBlock: 0, toBlock: 10 } }));
    await expectStatus(200, call("POST /api/traces", { body: { fromBlock: 0, toBlock: 10 }, headers: { accept: "application/x-ndjson" } }));

    // Decoding: the bundled ERC-20 transfer, then the same frame from an uploaded ABI (with its output).
    type Sources = { frames: Array<{ decoded: { source: string; candidates: Array<{ outputs?: unknown[] }> } | null }> };
    const transaction = () => call("GET /api/traces/transactions/{hash}", { params: { hash: TRANSFER.hash } });
    const before = JSON.parse(await expectStatus(200, transaction())) as Sources;
    expect(before.frames.map((f) => f.decoded?.source ?? null)).toEqual(["bundled", null]);
    const decoded = JSON.parse(
      await expectStatus(200, call("POST /api/traces", { body: { fromBlock: 0, toBlock: 10, decode: true } })),
    ) as {
      traces: Sources["frames"];
    };
    expect(decoded.traces.map((t) => t.decoded?.source ?? null)).toEqual(["bundled", null]);
    await expectStatus(201, call("POST /api/abis", { body: { address: TOKEN_ADDRESS, abi: TRANSFER_ABI } }));
    const after = JSON.parse(await expectStatus(200, transaction())) as Sources;
    expect(after.frames[0]?.decoded).toMatchObject({
      source: "abi",
      candidates: [{ outputs: [{ name: "ok", type: "bool", value: "true" }] }],
    });

    const key = { key: ["reports", "every-operation.json"] };
    const auth = { "x-custom-auth-key": ARCHIVE_KEY, "content-type": "application/json" };
    await expectStatus(200, call("PUT /api/archive/{key...}", { params: key, body: { ok: 1 }, headers: auth }));
    await expectStatus(200, call("GET /api/archive/{key...}", { params: key }));
    await expectStatus(200, call("DELETE /api/archive/{key...}", { params: key, headers: auth }));
    for (const name of ["POST", "PATCH", "OPTIONS"] as const)
      await expectStatus(405, call(`${name} /api/archive/{key...}`, { params: key }));
  }, 120_000);

  it("checked a success answer of every status each operation declares", async () => {
    await settleChecks();
    const seen = new Set(checkedAnswers.map((answer) => `${answer.operation} ${answer.status}`));
    const missing = Object.entries(OPERATIONS as Record<string, ApiOperation>).flatMap(([name, op]) => {
      const statuses = Object.keys(op.responses);
      // An operation answering only files (Terraform, the archive): any answer of it below 500 was checked.
      if (statuses.length === 0) return checkedAnswers.some((a) => a.operation === name && a.status < 500) ? [] : [`${name} (any)`];
      return statuses.filter((status) => !seen.has(`${name} ${status}`)).map((status) => `${name} ${status}`);
    });
    expect(missing).toEqual([]);
    expect(checkedAnswers.filter((a) => a.contentType === "application/x-ndjson").map((a) => a.operation)).toEqual(
      expect.arrayContaining(["GET /api/zones/{id}/validation", "POST /api/traces"]),
    );
  });
});
