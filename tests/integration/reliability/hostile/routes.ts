// Every route under app/api, with the request fields it reads: path segments, query parameters, body
// fields. The fuzzer sends each one hostile and near-valid input; a 400 must name one of these fields.
import fc from "fast-check";
import { bodyOf, fieldValue, hex32, hostile, queryOf, uuid } from "@/tests/unit/reliability/hostile/arbitraries";

export interface RouteCase {
  method: string;
  params: Record<string, string | string[]>;
  query: [string, string][];
  body?: string;
  headers?: Record<string, string>;
}

export interface FuzzRoute {
  name: string;
  module: string;
  /** Fields a 400 may name (array indices and sub-fields reduce to the name before them). */
  fields: string[];
  cases: fc.Arbitrary<RouteCase>;
  /** At most this many cases, for an operation whose valid cases each audit a zone and query GraphQL. */
  maxRuns?: number;
}

type Valid = Record<string, fc.Arbitrary<string>[]>;
const get = (params: fc.Arbitrary<Record<string, string>>, query: Valid) =>
  fc.record({ method: fc.constant("GET"), params, query: queryOf(query) });
const post = (params: fc.Arbitrary<Record<string, string>>, body: Record<string, fc.Arbitrary<unknown>[]>) =>
  fc.record({ method: fc.constant("POST"), params, query: fc.constant<[string, string][]>([]), body: bodyOf(body) });
const none = fc.constant({});

export function fuzzRoutes(zoneIds: string[], reviewIds: string[]): FuzzRoute[] {
  const zoneId = fieldValue([hex32, fc.constantFrom(...zoneIds)]);
  const reviewId = fieldValue([uuid, fc.constantFrom(...reviewIds)]);
  const flag = [fc.constantFrom("0", "1", "true", "false")];
  const format = [fc.constantFrom("json", "csv")];
  const source = [fc.constantFrom("auto", "live", "snapshot")];
  const instant = [fc.date({ min: new Date("2020-01-01"), max: new Date("2030-01-01"), noInvalidDate: true }).map((d) => d.toISOString())];
  const step = (name: string) => ({
    name: `POST /api/reviews/{id}/${name}`,
    module: `reviews/[id]/${name}/route`,
    fields: ["id", "comment", "confirm", "text", "body"],
    cases: post(fc.record({ id: reviewId }), { comment: [hostile], confirm: [hostile], text: [hostile] }),
  });
  return [
    { name: "GET /api/health", module: "health/route", fields: [], cases: get(none, {}) },
    {
      name: "GET /api/zones",
      module: "zones/route",
      fields: ["cursor", "refresh", "format", "source"],
      cases: get(none, { cursor: [fc.base64String()], refresh: flag, format, source }),
    },
    {
      name: "GET /api/zones/{id}/migration",
      module: "zones/[id]/migration/route",
      fields: ["id", "refresh"],
      cases: get(fc.record({ id: zoneId }), { refresh: [fc.constantFrom("0", "false")] }),
    },
    {
      name: "GET /api/zones/{id}/validation",
      module: "zones/[id]/validation/route",
      fields: ["id", "since", "until", "cursor", "refresh"],
      cases: get(fc.record({ id: fieldValue([hex32]) }), { since: instant, until: instant, cursor: [fc.base64String()], refresh: flag }),
    },
    {
      name: "GET /api/zones/{id}/validation/requests",
      module: "zones/[id]/validation/requests/route",
      fields: ["id", "since", "until", "cursor", "refresh", "class", "action", "rule", "host", "path", "country", "format"],
      cases: get(fc.record({ id: fieldValue([hex32]) }), {
        since: instant,
        until: instant,
        cursor: [fc.base64String()],
        refresh: flag,
        class: [fc.constantFrom("both", "newOnly", "oldOnly")],
        action: [],
        rule: [],
        host: [],
        path: [],
        country: [],
        format,
      }),
    },
    {
      name: "GET /api/certificates",
      module: "certificates/route",
      fields: ["cursor", "refresh", "format", "source"],
      cases: get(none, { cursor: [fc.base64String()], refresh: [fc.constant("0")], format, source }),
    },
    { name: "GET /api/snapshots", module: "snapshots/route", fields: [], cases: get(none, {}) },
    {
      name: "DELETE /api/snapshots",
      module: "snapshots/route",
      fields: [],
      cases: fc.record({ method: fc.constant("DELETE"), params: none, query: queryOf({}) }),
    },
    // Only `restart: false` as the valid value: a thousand restarted runs would each rescan the account.
    {
      name: "POST /api/snapshots/refresh",
      module: "snapshots/refresh/route",
      fields: ["restart", "body"],
      cases: post(none, { restart: [fc.constant(false)] }),
    },
    { name: "GET /api/usage", module: "usage/route", fields: [], cases: get(none, {}) },
    { name: "GET /api/accounts", module: "accounts/route", fields: ["account"], cases: get(none, { account: [hex32] }) },
    {
      name: "GET /api/changes",
      module: "changes/route",
      fields: ["since", "kind", "zone", "limit", "cursor"],
      cases: get(none, {
        since: [...instant, fc.constantFrom("2026-11-01", "2026-11-01T12:00:00+02:00")],
        kind: [fc.constantFrom("drift", "hostname_switched_back,expires_before_replacement")],
        zone: [hex32],
        limit: [fc.integer({ min: 1, max: 500 }).map(String)],
        cursor: [fc.base64String()],
      }),
    },
    { name: "GET /api/zones/{id}/drift", module: "zones/[id]/drift/route", fields: ["id"], cases: get(fc.record({ id: zoneId }), {}) },
    {
      name: "GET /api/zones/{id}/terraform",
      module: "zones/[id]/terraform/route",
      fields: ["id", "syntax", "config", "refresh"],
      cases: get(fc.record({ id: zoneId }), {
        syntax: [fc.constantFrom("v4", "v5")],
        config: [fc.constantFrom("proposed", "live", "auto")],
        refresh: flag,
      }),
    },
    {
      name: "GET /api/terraform",
      module: "terraform/route",
      fields: ["syntax", "config", "format", "cursor", "refresh"],
      cases: get(none, {
        syntax: [fc.constantFrom("v4", "v5")],
        config: [fc.constantFrom("proposed", "live", "auto")],
        format: [fc.constantFrom("hcl", "archive")],
        cursor: [fc.base64String()],
        refresh: flag,
      }),
    },
    {
      name: "POST /api/session/demo-user",
      module: "session/demo-user/route",
      fields: ["user", "body"],
      cases: post(none, { user: [fc.constantFrom("planner", "approver-1", "approver-2")] }),
    },
    {
      name: "GET /api/certificates/zones/{id}",
      module: "certificates/zones/[id]/route",
      fields: ["id"],
      cases: get(fc.record({ id: zoneId }), {}),
    },
    {
      name: "GET /api/certificates/impact",
      module: "certificates/impact/route",
      maxRuns: 60,
      // Each field a filter: none, only zone, only host all come (queryOf draws any subset); cursor continues.
      fields: ["zone", "host", "window", "cursor"],
      cases: get(none, {
        zone: [fc.constantFrom(...zoneIds)],
        host: [fc.constantFrom("www.example.com", "a.example.com,b.example.com", "*.example.com")],
        window: [fc.constantFrom("7d", "48h", "1h")],
        cursor: [fc.base64String()],
        format,
      }),
    },
    {
      name: "POST /api/certificates/inspect",
      module: "certificates/inspect/route",
      fields: ["pem", "body"],
      cases: post(none, {
        pem: [
          fc.constant("-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n"),
          fc.constant("-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----"),
        ],
      }),
    },
    {
      name: "POST /api/traces",
      module: "traces/route",
      fields: ["body", "fromBlock", "toBlock", "fromAddress", "toAddress", "after", "count", "decode"],
      cases: post(none, {
        fromBlock: [fc.nat(2000), fc.constantFrom("latest", "earliest", "0x10")],
        toBlock: [fc.nat(2000), fc.constant("latest")],
        fromAddress: [fc.array(fc.stringMatching(/^0x[0-9a-f]{40}$/), { maxLength: 3 })],
        toAddress: [fc.array(fc.stringMatching(/^0x[0-9a-f]{40}$/), { maxLength: 3 })],
        after: [fc.nat(500)],
        count: [fc.nat(300)],
        decode: [fc.boolean()],
      }),
    },
    {
      name: "GET /api/traces/transactions/{hash}",
      module: "traces/transactions/[hash]/route",
      fields: ["hash"],
      cases: get(fc.record({ hash: fieldValue([fc.stringMatching(/^0x[0-9a-f]{64}$/)]) }), {}),
    },
    {
      name: "POST /api/abis",
      module: "abis/route",
      fields: ["body", "address", "abi"],
      cases: post(none, {
        address: [fc.stringMatching(/^0x[0-9a-f]{40}$/)],
        abi: [
          fc.constant([{ type: "function", name: "split", inputs: [{ name: "payees", type: "address[]" }], outputs: [] }]),
          fc.array(
            fc.record({
              type: fc.constantFrom("function", "event", "nope"),
              name: hostile,
              inputs: fc.array(fc.record({ type: hostile })),
            }),
            {
              maxLength: 3,
            },
          ),
          fc.json(),
        ],
      }),
    },
    { name: "GET /api/invites", module: "invites/route", fields: [], cases: get(none, {}) },
    {
      name: "GET /api/reviews",
      module: "reviews/route",
      fields: ["state", "kind", "author"],
      cases: get(none, {
        state: [fc.constantFrom("draft", "approved")],
        kind: [fc.constant("accept_invite")],
        author: [fc.constant("planner")],
      }),
    },
    {
      name: "POST /api/reviews",
      module: "reviews/route",
      fields: ["body", "kind", "zoneId", "hostnameIds", "certificateAuthority", "inviteId"],
      cases: post(none, {
        kind: [fc.constantFrom("start_validation", "complete_migration", "delete_uri_overrides", "switch_hostname_ca", "accept_invite")],
        zoneId: [hex32, fc.constantFrom(...zoneIds)],
        hostnameIds: [fc.array(fc.oneof(uuid, hex32, hostile), { maxLength: 3 })],
        certificateAuthority: [fc.constantFrom("", "google", "ssl_com", "lets_encrypt")],
        inviteId: [hex32],
      }),
    },
    { name: "GET /api/reviews/{id}", module: "reviews/[id]/route", fields: ["id"], cases: get(fc.record({ id: reviewId }), {}) },
    step("submit"),
    step("approve"),
    step("reject"),
    step("execute"),
    step("comments"),
    {
      name: "PUT|GET|DELETE /api/archive/{key}",
      module: "archive/[...key]/route",
      fields: ["key"],
      cases: fc.record({
        method: fc.constantFrom("GET", "PUT", "DELETE", "POST", "PATCH"),
        params: fc.record({ key: fc.array(fc.oneof(hostile, fc.constantFrom("reports", "a.json", "..")), { minLength: 1, maxLength: 4 }) }),
        query: fc.constant<[string, string][]>([]),
        body: hostile,
        headers: fc.oneof(
          fc.constant({}),
          fc.constant({ "x-custom-auth-key": "fuzz-archive-secret-0123456789" }),
          hostile.map((k) => ({ "x-custom-auth-key": k })),
        ),
      }),
    },
  ];
}
