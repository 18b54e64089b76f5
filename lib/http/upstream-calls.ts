// Named operations, not a proxy: each route declares every upstream call it may make, as
// `METHOD /path` with `:id` for a 32-hex identifier and `:uuid` for a custom hostname id (a UUID, or 32
// hex), or `RPC method` for the JSON-RPC gateway. The platform and gateway clients refuse anything else,
// and tests/e2e/named-operations.spec.ts checks the sandbox's call log against these lists.
import { UUID_SOURCE } from "@/lib/platform/paths";

export type UpstreamPattern = `${"GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "RPC"} ${string}`;

const ZONE_LIST = ["GET /zones"] as const satisfies readonly UpstreamPattern[];
const ZONE = ["GET /zones/:id"] as const satisfies readonly UpstreamPattern[];

/**
 * readZoneEvidence: status, check, overrides, packages, proposed configuration, OWASP groups and rules, and the managed entry point
 * when the previous API is retired (a row's read skips some; the zone detail reads those on demand).
 */
const ZONE_EVIDENCE = [
  "GET /zones/:id/rulesets/phases/http_request_firewall_managed/entrypoint",
  "GET /zones/:id/waf_migration/status",
  "GET /zones/:id/waf_migration/check",
  "GET /zones/:id/waf_migration/config",
  "GET /zones/:id/firewall/waf/overrides",
  "GET /zones/:id/firewall/waf/packages",
  "GET /zones/:id/firewall/waf/packages/:id/groups",
  "GET /zones/:id/firewall/waf/packages/:id/rules",
] as const satisfies readonly UpstreamPattern[];

/** The certificate inventory of one zone (lib/certificates/inventory.ts). */
const CERTIFICATE_INVENTORY = [
  "GET /zones/:id/ssl/certificate_packs",
  "GET /zones/:id/custom_certificates",
  "GET /zones/:id/custom_hostnames",
  "GET /zones/:id/acm/total_tls",
  "GET /zones/:id/dns_records",
] as const satisfies readonly UpstreamPattern[];

const INVITES = ["GET /user/invites"] as const satisfies readonly UpstreamPattern[];

/** What a review plans (and re-plans before executing, to detect drift); ZONE_EVIDENCE holds the entry point it freezes. */
const REVIEW_PLANNING = [
  ...ZONE,
  ...ZONE_LIST,
  ...ZONE_EVIDENCE,
  "GET /zones/:id/custom_hostnames",
  "GET /zones/:id/dns_records",
  ...INVITES,
] as const;

/** The only writes Preflight ever sends: the calls a review can hold (lib/reviews/plan.ts). */
const REVIEW_WRITES = [
  "PUT /zones/:id/rulesets/phases/http_request_firewall_managed/entrypoint",
  "DELETE /zones/:id/firewall/waf/overrides/:id",
  "PATCH /zones/:id/custom_hostnames/:uuid",
  "PATCH /user/invites/:id",
] as const satisfies readonly UpstreamPattern[];

export const UPSTREAM = {
  none: [],
  /** The accounts an entry configured without an account id reaches, for the account filter. */
  accounts: ["GET /accounts"],
  /** A report's write: the accounts Preflight reads, to name the report's (lib/accounts/report-account.ts). */
  archive: ["GET /accounts"],
  zones: [...ZONE_LIST, ...ZONE_EVIDENCE],
  zoneMigration: [...ZONE, ...ZONE_EVIDENCE],
  certificates: [...ZONE_LIST, ...CERTIFICATE_INVENTORY],
  /** The window's events; the zone itself only when it was not listed yet, for the account the answer names (lib/accounts/zone-account.ts). */
  validation: ["POST /graphql", ...ZONE],
  /**
   * Which clients reach the affected hostnames: httpRequestsAdaptiveGroups and its settings (lib/certificates/impact);
   * without `host` or `zone`, the certificate audit that finds the affected hosts (one zone's, or the account's).
   */
  certificateImpact: [...ZONE, ...ZONE_LIST, ...CERTIFICATE_INVENTORY, "POST /graphql"],
  invites: INVITES,
  reviewCreate: REVIEW_PLANNING,
  reviewExecute: [...REVIEW_PLANNING, ...REVIEW_WRITES],
  /** With `decode: true`, code (and a proxy's implementation slot) for frames no ABI or bundled interface names. */
  traces: ["RPC trace_filter", "RPC eth_getBlockByNumber", "RPC eth_getCode", "RPC eth_getStorageAt"],
  /** One decoded transaction: its block, that block's traces, then code as for a decoded trace query. */
  traceTransaction: [
    "RPC eth_getTransactionByHash",
    "RPC trace_filter",
    "RPC eth_getBlockByNumber",
    "RPC eth_getCode",
    "RPC eth_getStorageAt",
  ],
  /** Retrying one zone the certificate audit marked failed (the zone list: its custom hostnames' CAA may live in other zones). */
  certificateZone: [...ZONE, ...ZONE_LIST, ...CERTIFICATE_INVENTORY],
  /** One zone's Terraform export: the zone detail's reads, the managed entry point among them. */
  terraformZone: [...ZONE, ...ZONE_EVIDENCE],
  /** The account-wide Terraform export: the zones scan's reads, the managed entry point of each zone among them. */
  terraformAccount: [...ZONE_LIST, ...ZONE_EVIDENCE],
  /** One zone's drift from its baseline: its live managed entry point. */
  zoneDrift: ["GET /zones/:id/rulesets/phases/http_request_firewall_managed/entrypoint"],
  /** One step of the snapshot refresh: drift watch (the entry point, in ZONE_EVIDENCE), the zones scan and the certificate audit, in budget-sized parts. */
  snapshotRefresh: [...ZONE_LIST, ...ZONE_EVIDENCE, ...CERTIFICATE_INVENTORY],
} as const satisfies Record<string, readonly UpstreamPattern[]>;

/** A predicate over (method, path) for a list of patterns; paths are relative to the v4 base. */
export function upstreamGuard(patterns: readonly UpstreamPattern[]): (method: string, path: string) => boolean {
  const compiled = patterns.map((pattern) => {
    const [method, path] = pattern.split(" ") as [string, string];
    const source = path
      .split("/")
      .map((segment) =>
        segment === ":id" ? "[0-9a-f]{32}" : segment === ":uuid" ? UUID_SOURCE : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
      )
      .join("/");
    return { method, path: new RegExp(`^${source}$`) };
  });
  return (method, path) => compiled.some((c) => c.method === method && c.path.test(path));
}
