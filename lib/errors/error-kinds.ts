// Every `kind` an error answer of Preflight's API can carry, with the HTTP status it is answered with and what it
// means: the one table the error classes, the error body's schema and docs/api.md read. Browser-safe (plain data).

export interface ErrorKindEntry {
  /** The status this kind is answered with. */
  status: number;
  /** Other statuses the same kind may take (the platform's 404 keeps its status). */
  alsoStatus?: readonly number[];
  meaning: string;
}

export const ERROR_KINDS = {
  invalid_input: { status: 400, meaning: "The request is refused for what it sent; `field` names the request field at fault." },
  unauthenticated: { status: 401, meaning: "The caller is not known (no identity, or a cron header that does not match)." },
  forbidden: { status: 403, meaning: "The caller lacks the role the operation needs, or the request came from another origin." },
  not_found: { status: 404, meaning: "What the caller named does not exist (a review id; demo users outside demo mode)." },
  too_large: { status: 413, meaning: "The request body is larger than the limit; `field` is `body`." },
  conflict: { status: 409, meaning: "The request lost to another change (a review id that already exists)." },
  concurrent_write: { status: 409, meaning: "Someone else changed the review at the same moment; reload it." },
  invalid_state: { status: 409, meaning: "The review's state does not allow this step (e.g. approving a draft)." },
  executing: { status: 409, meaning: "Another request is executing the review; execute again after its lease ends." },
  already_executed: { status: 409, meaning: "The review was executed already; nothing was sent again." },
  drift: { status: 409, meaning: "The account changed since the review was approved; `details` lists the differences." },
  drift_unreadable: { status: 409, meaning: "The zone's drift from its baseline cannot be read, so it cannot be accepted." },
  no_entrypoint: { status: 409, meaning: "The zone has no http_request_firewall_managed entry point to accept or export." },
  status_unknown: { status: 409, meaning: "The zone's migration status could not be read: no step is planned for it." },
  previous_api_retired: { status: 409, meaning: "The previous WAF's API is retired for the zone: its overrides cannot be listed." },
  already_migrated: { status: 409, meaning: "The zone is migrated: there is no proposed configuration to export." },
  no_proposed_config: { status: 409, meaning: "Preflight has no proposed configuration for the zone to export." },
  not_exportable: { status: 409, meaning: "The entry point holds what the Terraform export cannot write." },
  dataset_not_enabled: {
    status: 409,
    meaning: "The zone's plan lacks a GraphQL dataset the operation reads; `details.datasets` names it.",
  },
  dataset_fields_unavailable: {
    status: 409,
    meaning: "The zone's dataset settings lack fields (or field count) the query needs; `details` names them.",
  },
  api: {
    status: 502,
    alsoStatus: [404],
    meaning:
      "The platform refused a call (success:false or an error status); 404 when it says the thing does not exist. `code` is its first error code.",
  },
  malformed: { status: 502, meaning: "The platform answered something that is not the envelope or result Preflight expects." },
  network: { status: 502, meaning: "The platform could not be reached (connection refused, reset, DNS)." },
  timeout: { status: 504, meaning: "The platform did not answer within the per-call timeout." },
  rate_limited: { status: 503, meaning: "The platform's rate limit could not be waited out; Retry-After says when to try again." },
  deferred: {
    status: 503,
    meaning: "The work did not fit one request (subrequest budget or a rate-limit wait); Retry-After says when to continue.",
  },
  zone_read_failed: { status: 502, meaning: "The zone's migration evidence could not be read, so it was not exported." },
  gateway_method_not_supported: { status: 502, meaning: "The JSON-RPC gateway refused the method (its 403)." },
  gateway_jsonrpc: { status: 502, meaning: "The node answered a JSON-RPC error; `code` is its code." },
  gateway_http: { status: 502, meaning: "The gateway answered an HTTP error status." },
  gateway_malformed: { status: 502, meaning: "The gateway's answer is not JSON-RPC." },
  config: { status: 500, meaning: "Preflight is misconfigured: the message names the environment variable." },
  undeclared_upstream: { status: 500, meaning: "Preflight refused an upstream call its operation does not declare (a bug)." },
  internal: { status: 500, meaning: "Preflight failed unexpectedly; the server log has the details." },
} as const satisfies Record<string, ErrorKindEntry>;

export type ErrorKind = keyof typeof ERROR_KINDS;

/** The kinds a 409 answers with: what a ConflictError may say it conflicted with. */
export type ConflictKind = { [K in ErrorKind]: (typeof ERROR_KINDS)[K]["status"] extends 409 ? K : never }[ErrorKind];

export const ERROR_KIND_NAMES = Object.keys(ERROR_KINDS) as [ErrorKind, ...ErrorKind[]];

/** Every status a kind may be answered with. */
export function kindStatuses(kind: ErrorKind): readonly number[] {
  const entry: ErrorKindEntry = ERROR_KINDS[kind];
  return [entry.status, ...(entry.alsoStatus ?? [])];
}

export function isErrorKind(kind: unknown): kind is ErrorKind {
  return typeof kind === "string" && Object.hasOwn(ERROR_KINDS, kind);
}
