// The calls no schema covers, answered by the step from the documents (never sent to Prism), and listed
// as such in its output: the migration operations (cloudflare-docs upgrade.mdx) and GraphQL analytics.
import { loadReference } from "@/tests/contract/contract";

const documented = loadReference().documented_not_in_openapi.paths;
const example = (path: string) => documented[path]!.get!["x-example-response"] as object;

/** The docs name the status fields but show no values: these are the previous version's, stated as ours. */
const STATUS = {
  result: { old_waf_status: "enabled", new_waf_status: "disabled", migration_state: "start" },
  success: true,
  errors: [],
  messages: [],
};

const ANSWERS: Array<{ call: string; path: RegExp; answer: () => object; source: string }> = [
  {
    call: "GET /zones/:id/waf_migration/check",
    path: /^\/zones\/[^/]+\/waf_migration\/check$/,
    answer: () => example("/zones/{zone_id}/waf_migration/check"),
    source: "the docs' example (upgrade.mdx)",
  },
  {
    call: "GET /zones/:id/waf_migration/config",
    path: /^\/zones\/[^/]+\/waf_migration\/config$/,
    answer: () => example("/zones/{zone_id}/waf_migration/config"),
    source: "the docs' example (upgrade.mdx)",
  },
  {
    call: "GET /zones/:id/waf_migration/status",
    path: /^\/zones\/[^/]+\/waf_migration\/status$/,
    answer: () => STATUS,
    source: "field names only in the docs; values chosen by the step (previous version on)",
  },
];

/** What the step says about the calls it answered itself and the ones it does not drive at all. */
export const NOT_COVERED = [
  ...ANSWERS.map((a) => ({ call: a.call, note: `no schema: answered from ${a.source}` })),
  {
    call: "POST /graphql",
    note:
      "no REST schema: GraphQL analytics is documented only (cloudflare-docs analytics/graphql-api); " +
      "not driven here, its shapes are checked by tests/unit/validation against the documented fields",
  },
  {
    call: "GET /accounts",
    note:
      "not in the copied 2024 schema subset: read from the SDK's Account (node_modules/cloudflare/resources/accounts/accounts.d.ts); " +
      "only id and name are read, and tests/integration/sandbox/accounts.test.ts iterates the sandbox's answer with the SDK's own client",
  },
  {
    call: "RPC trace_filter, RPC eth_getBlockByNumber, RPC eth_getTransactionByHash, RPC eth_getCode, RPC eth_getStorageAt",
    note: "JSON-RPC, not the v4 REST API: checked against real node pairs (tests/unit/gateway/reference-pairs.test.ts) and anvil",
  },
];

export function documentedAnswer(method: string, path: string): object | undefined {
  if (method !== "GET") return undefined;
  return ANSWERS.find((a) => a.path.test(path))?.answer();
}
