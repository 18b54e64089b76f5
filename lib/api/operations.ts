// Every operation of Preflight's HTTP API, by method and path: what it reads (query, body), what it answers
// (a zod schema per JSON status; the other content types in words) and who may call it. The integration tests
// check every answer against it (tests/integration/api-contract/); docs/api.md is generated from it
// (`npm run docs:api`). Adding an operation is one entry here. Error answers are one shape for all
// (lib/api/error-body.ts), their kinds and statuses the ErrorKind table's (lib/errors/error-kinds.ts).
import type { z } from "zod";
import * as account from "@/lib/api/answers/account";
import * as accounts from "@/lib/api/answers/accounts";
import * as certificates from "@/lib/api/answers/certificates";
import * as decode from "@/lib/api/answers/decode";
import * as reviews from "@/lib/api/answers/reviews";
import * as zones from "@/lib/api/answers/zones";
import * as bodies from "@/lib/api/request-bodies";
import { createReviewSchema } from "@/lib/reviews/schema";

export type ApiMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";

export interface ApiOperation {
  summary: string;
  /** The role the caller needs; `public`: no identity; `planner or cron`: also the scheduled trigger's header. */
  role: "public" | "viewer" | "planner" | "approver" | "planner or cron";
  /** Query parameters and what each does. */
  query?: Record<string, string>;
  body?: z.ZodType;
  /** The body may be left out. */
  bodyOptional?: true;
  /** The JSON answers by status (errors excepted: every operation may answer the error body). */
  responses: Partial<Record<number, z.ZodType>>;
  /** `Accept: application/x-ndjson`: `{"progress":…}` lines of this shape, then `{"result":…}` (the 200 schema) or `{"error":…,"status"}`. */
  progress?: z.ZodType;
  /** Answers that are not JSON: content type → what it holds. */
  files?: Record<string, string>;
  /** Headers of its own the answer carries (besides every answer's X-Preflight-Subrequests and -Peak-Connections). */
  headers?: Record<string, string>;
}

/** Every operation reads it (lib/accounts/account-scope.ts); a zone's operations use it to bind the zone to its account. */
const ACCOUNT_QUERY = {
  account: "An account id: only that account's rows, read with its own credentials (default: every configured account).",
};
const LIST_QUERY = {
  ...ACCOUNT_QUERY,
  cursor: "Continues an answer that was cut short (from the previous answer's `cursor`).",
  refresh: "`1`: read the account again instead of answering from the cache or a snapshot.",
  source: "`auto` (default: a fresh snapshot, else live), `live` or `snapshot`.",
  format: "`json` (default) or `csv`.",
};
const READ_QUERY = {
  since: "ISO time; default: 7 days ago (the oldest the dataset allows). Older than the dataset's `notOlderThan`: 400.",
  until: "ISO time; default: now. At most 30 days after `since`.",
  cursor: "Continues a read that was cut short.",
  refresh: "`1`: read the window again.",
};
const TERRAFORM_QUERY = {
  syntax: "`v4` or `v5` (the provider's major version), required.",
  config: "`proposed` or `live` (default: live once migrated, else proposed).",
  refresh: "`1`: read the zone again.",
};
const EXPORT_HEADERS = {
  "X-Preflight-Complete": "`true` when the answer holds everything, `false` when a budget or a rate limit cut it short.",
  "X-Preflight-Cursor": "When cut short: the `cursor` that continues it.",
};
const ARCHIVE_FILES = {
  "text/plain": "The platform document's example handler's answers (405 for methods other than GET, HEAD, PUT, DELETE).",
};
const archive = (method: string): ApiOperation => ({
  summary: `Published reports for other tools (${method}); PUT and DELETE need the \`X-Custom-Auth-Key\` header, GET serves \`reports/\` only.`,
  role: "public",
  ...(method === "PUT"
    ? {
        query: {
          account:
            "The report's account (an account id Preflight reads); required when Preflight reads several accounts, else that one. " +
            "Anything else is a 400 naming `account`.",
        },
      }
    : {}),
  responses: {},
  files: { ...ARCHIVE_FILES, ...(method === "GET" ? { "*/*": "The stored object, with its HTTP metadata and etag." } : {}) },
  ...(method === "GET"
    ? {
        headers: {
          "X-Preflight-Account-Id": "The report's account id (absent on a report archived before reports named their account).",
          "X-Preflight-Account-Name": "The report's account name, percent-encoded UTF-8 (absent likewise).",
        },
      }
    : {}),
});
const reviewStep = (step: string, role: ApiOperation["role"]): ApiOperation => ({
  summary: `${step} the review; an optional comment is kept with the audit entry.`,
  role,
  body: bodies.reviewStepBodySchema,
  bodyOptional: true,
  responses: { 200: reviews.reviewAnswerSchema },
});

export const OPERATIONS = {
  "GET /api/health": { summary: "Liveness, and the mode Preflight runs in.", role: "public", responses: { 200: account.healthSchema } },
  "GET /api/zones": {
    summary: "Every zone of the account with its migration assessment, 100 per answer; the first answer carries the drift flags.",
    role: "viewer",
    query: LIST_QUERY,
    responses: { 200: zones.zonesAnswerSchema },
    files: { "text/csv": "`format=csv`: every zone the budget reaches, reasons joined; `zones-partial.csv` when not whole." },
    headers: EXPORT_HEADERS,
  },
  "GET /api/zones/{id}/migration": {
    summary: "One zone's check, status, mapping, proposed configuration, procedure and what the migration changes.",
    role: "viewer",
    query: { refresh: "`1`: read the zone again." },
    responses: { 200: zones.migrationDetailSchema },
  },
  "GET /api/zones/{id}/drift": {
    summary: "The zone's drift from its baseline: the approving review, the live entry point read now, the changes in words.",
    role: "viewer",
    responses: { 200: zones.zoneDriftSchema },
  },
  "GET /api/zones/{id}/terraform": {
    summary: "The zone's http_request_firewall_managed entry point as a cloudflare_ruleset resource with its import block.",
    role: "viewer",
    query: TERRAFORM_QUERY,
    responses: {},
    files: { "text/plain": "The .tf file (Content-Disposition names it)." },
    headers: { "X-Preflight-Config": "`proposed` or `live`: which configuration the file holds." },
  },
  "GET /api/zones/{id}/validation": {
    summary: "Validation mode: where the previous and the new managed rules disagree on the zone over the window.",
    role: "viewer",
    query: READ_QUERY,
    responses: { 200: zones.validationAnswerSchema },
    progress: zones.validationProgressSchema,
  },
  "GET /api/zones/{id}/validation/requests": {
    summary: "Every compared request of the window matching the filters.",
    role: "viewer",
    query: {
      ...READ_QUERY,
      class: "`both`, `newOnly`, `oldOnly`, `bothSameAction` or `bothDifferentAction`.",
      action: "An action either version took.",
      rule: "A rule id either version matched.",
      host: "The request's host.",
      path: "The request's path.",
      country: "The client's country.",
      format: "`json` (default) or `csv`.",
    },
    responses: { 200: zones.validationRequestsSchema },
    files: { "text/csv": "`format=csv`: every matching request read, one row each." },
    headers: EXPORT_HEADERS,
  },
  "GET /api/certificates": {
    summary: "Every certificate of the account with its verdict, and the CAA findings.",
    role: "viewer",
    query: LIST_QUERY,
    responses: { 200: certificates.certificatesPageSchema },
    files: {
      "text/csv": "`format=csv`: the certificates this request reached; `certificates-partial.csv` when not every account's whole.",
    },
    headers: EXPORT_HEADERS,
  },
  "GET /api/certificates/zones/{id}": {
    summary: "Audits one zone again (one the scan marked failed) and replaces its outcome in the cached scan.",
    role: "viewer",
    responses: { 200: certificates.zoneReauditSchema },
  },
  "GET /api/certificates/impact": {
    summary: "Which clients still reach each host of an affected certificate (estimated, with a 95 % interval).",
    role: "viewer",
    query: {
      zone: "A zone id; without it, every affected zone of the account (a cursor continues).",
      host: "Hostnames (repeated or comma-separated); without it, every affected host.",
      window: "The window, e.g. `7d` (default).",
      cursor: "Continues the account's answer.",
      format: "`csv` exports the same figures.",
    },
    responses: { 200: certificates.certificateImpactSchema },
    files: { "text/csv": "`format=csv`: the same figures, one row per host (a failed zone is one row)." },
    headers: {
      ...EXPORT_HEADERS,
      "X-Preflight-Progress": "Without `zone`: zone chunks read so far / of the audit's total (empty until the audit is whole).",
      "X-Preflight-Zones-Read": "Without `zone`: zones read in this answer.",
      "X-Preflight-Zones-Failed": "Without `zone`: zones whose read failed in this answer.",
      "X-Preflight-Retry-After": "Without `zone`: a rate limit stopped the answer; continue after this many seconds.",
    },
  },
  "POST /api/certificates/inspect": {
    summary: "The chain inspector: the path a PEM bundle serves and who fails it. No upstream call.",
    role: "viewer",
    body: bodies.inspectBodySchema,
    responses: { 200: certificates.chainReportSchema },
  },
  "GET /api/changes": {
    summary: "Drift and certificate audit changes the snapshot refreshes recorded, newest first.",
    role: "viewer",
    query: {
      since: "ISO date or time.",
      kind: "Change kinds (repeated or comma-separated).",
      zone: "A zone id.",
      limit: "Changes per answer.",
      cursor: "Continues a listing cut short.",
    },
    responses: { 200: account.changesSchema },
  },
  "GET /api/invites": {
    summary: "The token user's invitations; accepting one goes through a review (kind accept_invite).",
    role: "viewer",
    responses: { 200: account.invitesSchema },
  },
  "GET /api/reviews": {
    summary: "Every review, newest first.",
    role: "viewer",
    query: { ...ACCOUNT_QUERY, state: "A review state.", kind: "A review kind.", author: "The author's id." },
    responses: { 200: reviews.reviewListSchema },
  },
  "POST /api/reviews": {
    summary: "Creates a draft review: the evidence and the exact calls are frozen now. Location names it.",
    role: "planner",
    body: createReviewSchema,
    responses: { 201: reviews.reviewAnswerSchema },
    headers: { Location: "`/api/reviews/{id}` of the new review." },
  },
  "GET /api/reviews/{id}": {
    summary: "One review with its comments, audit log and (migration steps) the ruleset diff its reviewer approves.",
    role: "viewer",
    responses: { 200: reviews.reviewDetailSchema },
  },
  "POST /api/reviews/{id}/comments": {
    summary: "Adds a comment to the review.",
    role: "viewer",
    body: bodies.commentBodySchema,
    responses: { 201: reviews.okSchema },
  },
  "POST /api/reviews/{id}/submit": reviewStep("Submits", "planner"),
  "POST /api/reviews/{id}/approve": reviewStep("Approves", "approver"),
  "POST /api/reviews/{id}/reject": reviewStep("Rejects", "approver"),
  "POST /api/reviews/{id}/execute": {
    summary: "Runs an approved review's calls once each (or resumes one a stopped server left).",
    role: "planner",
    body: bodies.executeBodySchema,
    bodyOptional: true,
    responses: { 200: reviews.reviewAnswerSchema },
  },
  "POST /api/session/demo-user": {
    summary: "Demo mode: who this browser acts as; the answer sets the HttpOnly cookie.",
    role: "public",
    body: bodies.demoUserBodySchema,
    responses: { 200: account.demoUserSchema },
    headers: { "Set-Cookie": "The HttpOnly cookie naming the demo user." },
  },
  "GET /api/snapshots": {
    summary: "The latest snapshot (time, age, zones) and the refresh under way, if any: the first account's, and each account's.",
    role: "viewer",
    query: { account: "An account id: that account's snapshot only (the snapshot of the credential that reaches it)." },
    responses: { 200: account.snapshotsSchema },
  },
  "DELETE /api/snapshots": {
    summary: "Discards every account's snapshot: the pages scan live again until the next refresh publishes one.",
    role: "planner",
    query: {
      account: "An account id: only the snapshot holding that account (with the other accounts its credential reaches, if any).",
    },
    responses: { 200: account.snapshotsDiscardedSchema },
  },
  "POST /api/snapshots/refresh": {
    summary: "One budget-sized step of the snapshot refresh (the Refresh button, or the cron trigger's `x-preflight-cron` header).",
    role: "planner or cron",
    body: bodies.refreshBodySchema,
    bodyOptional: true,
    responses: { 200: account.refreshStepSchema },
  },
  "GET /api/terraform": {
    summary: "Every zone's entry point as Terraform, as far as one request's budget reaches; X-Preflight-Cursor continues.",
    role: "viewer",
    query: { ...TERRAFORM_QUERY, format: "`hcl` (default) or `archive` (a zip of one file per zone).", cursor: "Continues the export." },
    responses: {},
    files: { "text/plain": "The .tf file.", "application/zip": "`format=archive`: one file per zone." },
    headers: {
      ...EXPORT_HEADERS,
      "X-Preflight-Progress": "Zones covered so far (this part included) / the account's total.",
      "X-Preflight-Zones-Exported": "Zones exported in this part.",
      "X-Preflight-Zones-Failed": "Zones that could not be read (marked in the file).",
      "X-Preflight-Zones-Skipped": "Zones with nothing to export (marked in the file).",
      "X-Preflight-Retry-After": "A rate limit stopped this part; continue after this many seconds.",
    },
  },
  "POST /api/traces": {
    summary:
      "trace_filter over any block range: windows of 800 blocks, pages of 200 traces, merged in order. " +
      "With `decode: true` each trace also carries `decoded` (null where no source decodes its call).",
    role: "viewer",
    body: bodies.traceBodySchema,
    responses: { 200: account.tracesSchema },
    progress: account.tracesProgressSchema,
  },
  "GET /api/traces/transactions/{hash}": {
    summary:
      "One transaction's frames in tree order, each decoded with where its signature came from (every candidate), " +
      "and its value flow; a reverted frame's value is marked not moved.",
    role: "viewer",
    responses: { 200: decode.decodedTransactionSchema },
  },
  "POST /api/abis": {
    summary:
      'Stores an ABI for an address, shared by the team: its calls then decode "from your ABI". A malformed one: 400 naming what is wrong.',
    role: "planner",
    body: bodies.abiUploadBodySchema,
    responses: { 201: decode.abiStoredSchema },
  },
  "GET /api/accounts": {
    summary:
      "Every account Preflight reads (each configured entry's own, or those its credentials reach), for the account filter every page has.",
    role: "viewer",
    responses: { 200: accounts.accountsSchema },
  },
  "GET /api/usage": {
    summary: "The last server requests' subrequests and peak connections, and who uses the account's rate limits now.",
    role: "viewer",
    responses: { 200: account.usageSchema },
  },
  "GET /api/archive/{key...}": archive("GET"),
  "PUT /api/archive/{key...}": archive("PUT"),
  "DELETE /api/archive/{key...}": archive("DELETE"),
  "POST /api/archive/{key...}": archive("POST"),
  "PATCH /api/archive/{key...}": archive("PATCH"),
  "OPTIONS /api/archive/{key...}": archive("OPTIONS"),
} satisfies Record<`${ApiMethod} /api/${string}`, ApiOperation>;

export type OperationName = keyof typeof OPERATIONS;

export function findOperation(name: string): ApiOperation | undefined {
  return Object.hasOwn(OPERATIONS, name) ? (OPERATIONS as Record<string, ApiOperation>)[name] : undefined;
}

/** `app/api/zones/[id]/migration/route.ts` → `/api/zones/{id}/migration` (`[...key]` → `{key...}`). */
export function routePath(file: string): string {
  const folder = file.replace(/^.*?\bapp(\/api\/.*)\/route\.ts$/, "$1");
  return folder.replace(/\[\.\.\.([^\]]+)\]/g, "{$1...}").replace(/\[([^\]]+)\]/g, "{$1}");
}
