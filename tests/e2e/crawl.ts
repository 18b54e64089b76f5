// What the security specs visit: every page under app/(dashboard) (detail pages with real ids, error
// states) and every operation under app/api with each method it exports, both found from the folders.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { routeFiles } from "../integration/named-operations/routes";

const SCRIPT = { "x-preflight-demo-user": "planner" };

/** `/zones/[id]`-style patterns of every page.tsx under app/(dashboard), plus the root. */
export function pagePatterns(root = "app/(dashboard)"): string[] {
  const found = ["/"];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name === "page.tsx") found.push(`/${relative(root, dir).split(sep).join("/")}`);
    }
  };
  walk(root);
  return found;
}

/** Every (method, route pattern) the app exports, read from the route files' exports. */
export function operationPatterns(): string[] {
  return routeFiles().flatMap(({ file, pattern }) => {
    const source = readFileSync(file, "utf8");
    const direct = [...source.matchAll(/export (?:const|async function|function) (GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)\b/g)].map(
      (m) => m[1]!,
    );
    const renamed = [...source.matchAll(/\bas (GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)\b/g)].map((m) => m[1]!);
    return [...direct, ...renamed].map((method) => `${method} ${pattern}`);
  });
}

/** Whether a concrete path (no query) is an instance of a pattern such as `/api/reviews/[id]/submit`. */
export function matchesPattern(path: string, pattern: string): boolean {
  const source = pattern.replace(/\[\.\.\.[^\]]+\]/g, ".+").replace(/\[[^\]]+\]/g, "[^/]+");
  return new RegExp(`^${source}$`).test(path.split("?")[0]!);
}

export interface Ids {
  zone: string;
  migratedZone: string;
  validationZone: string;
  review: string;
  invite: string;
}

/** Real ids from the server itself: zones by case, a pending invitation, and a fresh review. */
export async function realIds(request: APIRequestContext, baseUrl: string): Promise<Ids> {
  const zones = (await (await request.get(`${baseUrl}/api/zones`, { headers: SCRIPT, timeout: 120_000 })).json()) as {
    zones: Array<{ id: string; verdict: string }>;
  };
  const pick = (verdict: string) => zones.zones.find((z) => z.verdict === verdict)!.id;
  const invites = (await (await request.get(`${baseUrl}/api/invites`, { headers: SCRIPT })).json()) as {
    invites: Array<{ id: string; status: string }>;
  };
  const invite = invites.invites.find((i) => i.status === "pending")!.id;
  const created = await request.post(`${baseUrl}/api/reviews`, { headers: SCRIPT, data: { kind: "accept_invite", inviteId: invite } });
  const review = ((await created.json()) as { id: string }).id;
  return { zone: pick("eligible"), migratedZone: pick("migrated"), validationZone: pick("validation"), review, invite };
}

export function pagesToVisit(ids: Ids): string[] {
  return [
    "/",
    "/zones",
    `/zones/${ids.zone}`,
    `/zones/${ids.migratedZone}`,
    "/zones/ffffffffffffffffffffffffffffffff",
    "/zones/not-a-zone",
    "/mapping",
    "/validation",
    `/validation?zone=${ids.validationZone}`,
    "/certificates",
    "/traces",
    "/traces?fromBlock=0&toBlock=799",
    "/reviews",
    `/reviews/${ids.review}`,
    "/reviews/00000000-0000-4000-8000-000000000000",
    "/changes",
    "/changes?since=2026-01-01&kind=hostname_switched_back&open=not-a-change",
    "/settings",
    "/no-such-page",
  ];
}

export interface OperationCall {
  method: string;
  path: string;
  headers?: Record<string, string>;
  data?: unknown;
}

/** Every operation with good and bad input: reads, each mutation, and the error paths. */
export function operationsToCall(ids: Ids, archiveKey: string, origin: string): OperationCall[] {
  const as = (user: string) => ({ "x-preflight-demo-user": user });
  const { zone, validationZone: vz, review } = ids;
  return [
    { method: "GET", path: "/api/health" },
    { method: "GET", path: "/api/accounts" },
    { method: "GET", path: "/api/zones" },
    { method: "GET", path: "/api/zones?format=csv" },
    { method: "GET", path: "/api/zones?cursor=not-a-cursor" },
    { method: "GET", path: `/api/zones/${zone}/migration` },
    { method: "GET", path: "/api/zones/not-a-zone/migration" },
    { method: "GET", path: "/api/zones/ffffffffffffffffffffffffffffffff/migration" },
    { method: "GET", path: `/api/zones/${vz}/validation` },
    { method: "GET", path: `/api/zones/${vz}/validation?since=yesterday` },
    { method: "GET", path: `/api/zones/${vz}/validation/requests?class=newOnly` },
    { method: "GET", path: `/api/zones/${vz}/validation/requests?format=csv&class=nope` },
    { method: "GET", path: `/api/zones/${zone}/drift` },
    { method: "GET", path: "/api/zones/not-a-zone/drift" },
    { method: "GET", path: `/api/zones/${zone}/terraform?syntax=v4&config=proposed` },
    { method: "GET", path: `/api/zones/${ids.migratedZone}/terraform?syntax=v5&config=live` },
    { method: "GET", path: `/api/zones/${zone}/terraform?syntax=v6` },
    { method: "GET", path: "/api/terraform?syntax=v5" },
    { method: "GET", path: "/api/terraform?syntax=v4&format=zip" },
    { method: "GET", path: "/api/certificates" },
    { method: "GET", path: "/api/certificates?format=csv" },
    { method: "GET", path: "/api/certificates?refresh=2" },
    { method: "GET", path: `/api/certificates/zones/${zone}` },
    { method: "GET", path: "/api/certificates/zones/not-a-zone" },
    { method: "GET", path: `/api/certificates/impact?zone=${zone}&host=www.example.com` },
    { method: "GET", path: `/api/certificates/impact?zone=${zone}` },
    { method: "GET", path: "/api/certificates/impact?host=www.example.com&format=csv" },
    { method: "GET", path: "/api/certificates/impact" },
    { method: "GET", path: "/api/certificates/impact?cursor=not-a-cursor" },
    {
      method: "POST",
      path: "/api/certificates/inspect",
      data: { pem: "-----BEGIN CERTIFICATE-----\nnot base64\n-----END CERTIFICATE-----" },
    },
    { method: "POST", path: "/api/certificates/inspect", data: { pem: "-----BEGIN PRIVATE KEY-----\nMIIB\n-----END PRIVATE KEY-----" } },
    { method: "POST", path: "/api/traces", data: { fromBlock: 0, toBlock: 799 } },
    { method: "POST", path: "/api/traces", data: { fromBlock: 10, toBlock: 1 } },
    { method: "POST", path: "/api/traces", headers: { accept: "application/x-ndjson" }, data: { fromBlock: 0, toBlock: 1600 } },
    { method: "POST", path: "/api/traces", data: { fromBlock: 2400, toBlock: 2600, decode: true } },
    { method: "POST", path: "/api/traces", data: { fromBlock: 0, toBlock: 10, decode: "yes" } },
    { method: "GET", path: `/api/traces/transactions/0x${"ab".repeat(32)}` },
    { method: "GET", path: "/api/traces/transactions/not-a-hash" },
    {
      method: "POST",
      path: "/api/abis",
      headers: as("planner"),
      data: { address: `0x${"12".repeat(20)}`, abi: [{ type: "function", name: "f" }] },
    },
    { method: "POST", path: "/api/abis", headers: as("planner"), data: { address: "0x12", abi: [] } },
    { method: "GET", path: "/api/invites" },
    { method: "GET", path: "/api/reviews" },
    { method: "GET", path: "/api/reviews?state=bogus" },
    { method: "POST", path: "/api/reviews", headers: as("planner"), data: { kind: "complete_migration", zoneId: zone } },
    { method: "POST", path: "/api/reviews", headers: as("planner"), data: { kind: "nope" } },
    { method: "GET", path: `/api/reviews/${review}` },
    { method: "GET", path: "/api/reviews/not-a-review" },
    { method: "POST", path: `/api/reviews/${review}/comments`, headers: as("approver-2"), data: { text: "looks right" } },
    { method: "POST", path: `/api/reviews/${review}/approve`, headers: as("planner"), data: {} },
    { method: "POST", path: `/api/reviews/${review}/submit`, headers: as("planner"), data: {} },
    { method: "POST", path: `/api/reviews/${review}/reject`, headers: as("planner"), data: {} },
    { method: "POST", path: `/api/reviews/${review}/approve`, headers: as("approver-1"), data: { comment: "ok" } },
    { method: "POST", path: `/api/reviews/${review}/execute`, headers: as("planner"), data: {} },
    { method: "POST", path: `/api/reviews/${review}/execute`, headers: as("planner"), data: {} },
    { method: "GET", path: "/api/changes" },
    { method: "GET", path: "/api/changes?since=yesterday" },
    { method: "GET", path: "/api/changes?account=not-an-account" },
    { method: "GET", path: "/api/changes?kind=drift&cursor=not-a-cursor" },
    { method: "GET", path: "/api/snapshots" },
    { method: "POST", path: "/api/snapshots/refresh", headers: as("planner"), data: {} },
    { method: "POST", path: "/api/snapshots/refresh", headers: { "x-preflight-cron": "not-the-secret" }, data: {} },
    // Last of the snapshot calls: the partial run is forgotten, so later specs see live scans.
    { method: "DELETE", path: "/api/snapshots", headers: as("planner") },
    { method: "GET", path: "/api/usage" },
    { method: "POST", path: "/api/session/demo-user", data: { user: "approver-1" } },
    { method: "POST", path: "/api/session/demo-user", headers: { origin }, data: { user: "approver-1" } },
    { method: "POST", path: "/api/session/demo-user", data: { user: "root" } },
    { method: "PUT", path: "/api/archive/reports/secrets-e2e.json", headers: { "X-Custom-Auth-Key": archiveKey }, data: { ok: true } },
    { method: "PUT", path: "/api/archive/reports/secrets-e2e.json", headers: { "X-Custom-Auth-Key": "wrong" }, data: { ok: true } },
    { method: "GET", path: "/api/archive/reports/secrets-e2e.json" },
    { method: "GET", path: "/api/archive/reviews/x.json" },
    { method: "POST", path: "/api/archive/reports/secrets-e2e.json" },
    { method: "PATCH", path: "/api/archive/reports/secrets-e2e.json" },
    { method: "OPTIONS", path: "/api/archive/reports/secrets-e2e.json" },
    { method: "DELETE", path: "/api/archive/reports/secrets-e2e.json", headers: { "X-Custom-Auth-Key": archiveKey } },
  ];
}
