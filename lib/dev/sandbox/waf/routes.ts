// The previous firewall's API and the migration operations, with the migration state machine:
// validation only on Enterprise, refused for incompatible zones, over 200 rules or a 4 KB expression,
// irreversible, and the previous firewall's API answering errors once a zone has moved.
import { INVALID_JSON } from "../http";
import { fail, failRuleset, ok, type ApiResponse } from "../envelope";
import { ERROR_CODES } from "../errors";
import { paginate, readListParams } from "../paginate";
import { readEnum, readText } from "../query";
import type { RouteContext } from "../router";
import { findZone } from "../routes/zones";
import type { Zone } from "../types";
import { answeredRule } from "./answer-rule";
import { ENTRYPOINT_ID } from "./entrypoint-id";
import { proposedConfig } from "./proposed-config";
import type { Ruleset, WafZone } from "./types";

export const WAF_ERRORS = {
  /** The previous firewall's API after the zone moved to the new managed rules, or retired for it (HTTP 410). */
  previousApiGone: 1020,
  /** Validation mode requested on a plan below Enterprise. */
  validationNotAvailable: 1021,
  /** The check says the zone is not compatible (for example URI-based overrides). */
  notCompatible: 1022,
  /** A migration step that the state machine does not allow from the current state. */
  invalidTransition: 1025,
  noEntrypoint: 10003,
} as const;

const MAX_RULES = 200;
const MAX_EXPRESSION_BYTES = 4096;
const PAGE = { min: 5, max: 100, fallback: 50 };

type Found = { zone: Zone; waf: WafZone } | { response: ApiResponse };

function withZone(context: RouteContext): Found {
  const found = findZone(context.state.zones, context.params.zone_id ?? "", context.path);
  if ("response" in found) return found;
  return { zone: found.zone, waf: context.state.waf[found.zone.id]! };
}

/** The migration operations are the second phase's: they require phase_two=1 as the docs send it. */
function requirePhaseTwo(query: URLSearchParams): ApiResponse | undefined {
  if (query.get("phase_two") !== "1") return fail(400, ERROR_CODES.invalidQuery, "Invalid request: phase_two must be 1");
  return undefined;
}

/**
 * The previous version's API once a zone is upgraded or the API is retired for it: 410 Gone (the SDK's
 * words for overrides: "This endpoint has been deprecated and returns 410 Gone") in the firewall 4XX
 * shape (`firewall_api-response-common-failure`). The code is the sandbox's own: no source gives one.
 */
export function previousApiGone(waf: WafZone): ApiResponse | undefined {
  if (waf.migrationState !== "completed" && !waf.previousApiRetired) return undefined;
  return gone();
}

function gone(): ApiResponse {
  return fail(
    410,
    WAF_ERRORS.previousApiGone,
    "This endpoint has been deprecated and returns 410 Gone. Please use the Rulesets API instead.",
  );
}

function previousFirewall(handler: (waf: WafZone, context: RouteContext) => ApiResponse) {
  return (context: RouteContext): ApiResponse => {
    const found = withZone(context);
    if ("response" in found) return found.response;
    return previousApiGone(found.waf) ?? handler(found.waf, context);
  };
}

/** The migration operations still answer for zones whose previous-version API is retired; not after the upgrade. */
function notUpgraded(handler: (waf: WafZone, context: RouteContext) => ApiResponse) {
  return (context: RouteContext): ApiResponse => {
    const found = withZone(context);
    if ("response" in found) return found.response;
    if (found.waf.migrationState === "completed") {
      return fail(
        400,
        WAF_ERRORS.previousApiGone,
        "WAF managed rules were upgraded for this zone; the previous WAF API is no longer available",
      );
    }
    return handler(found.waf, context);
  };
}

/** The rules list's `mode` filter as the schema has it (DIS, CHL, BLK, SIM); anomaly rules are on/off, so DIS means off. */
const RULE_MODE_FILTER = { DIS: "off", CHL: undefined, BLK: undefined, SIM: undefined } as const;

function list<T>(items: T[], query: URLSearchParams): ApiResponse {
  const params = readListParams(query, PAGE, ["priority"] as const, "priority");
  const { result, resultInfo } = paginate(items, params.page, params.perPage);
  // The previous WAF's result_info (waf-managed-rules_result_info) has count, page, per_page, total_count: no total_pages.
  const { total_pages: _notSent, ...info } = resultInfo;
  return ok(result, info);
}

export const listPackages = previousFirewall((waf, { query }) => list(waf.packages, query));

export const listGroups = previousFirewall((waf, { query, params }) => {
  const mode = readEnum(query, "mode", ["on", "off"] as const);
  const groups = waf.groups.filter((g) => g.package_id === params.package_id && (!mode || g.mode === mode));
  return list(groups, query);
});

export const listRules = previousFirewall((waf, { query, params }) => {
  const mode = readEnum(query, "mode", ["DIS", "CHL", "BLK", "SIM"] as const);
  const groupId = readText(query, "group_id", 64);
  const rules = waf.rules.filter(
    (r) => r.package_id === params.package_id && (!mode || r.mode === RULE_MODE_FILTER[mode]) && (!groupId || r.group.id === groupId),
  );
  return list(rules, query);
});

export const listOverrides = previousFirewall((waf, { query }) => list(waf.overrides, query));

export function checkMigration(context: RouteContext): ApiResponse {
  const found = withZone(context);
  if ("response" in found) return found.response;
  const missing = requirePhaseTwo(context.query);
  if (missing) return missing;
  const { waf } = found;
  const compatible = waf.migrationState === "start" && waf.compatible;
  // The docs' one example is a compatible answer with migration_state; nothing guarantees it otherwise, so an incompatible answer leaves it out.
  return ok(compatible ? { compatible, migration_state: waf.migrationState } : { compatible });
}

export const migrationConfig = notUpgraded((waf, { query }) => requirePhaseTwo(query) ?? ok(proposedConfig(waf)));

export function migrationStatus(context: RouteContext): ApiResponse {
  const found = withZone(context);
  if ("response" in found) return found.response;
  const { waf } = found;
  if (waf.statusRetired) return gone();
  return ok({
    old_waf_status: waf.migrationState !== "completed" && waf.firewallEnabled ? "enabled" : "disabled",
    new_waf_status: waf.migrationState === "start" ? "disabled" : "enabled",
    migration_state: waf.migrationState,
    source: waf.migrationState === "start" ? "none" : "api",
    created: waf.statusChangedOn,
  });
}

export function getEntrypoint(context: RouteContext): ApiResponse {
  const found = withZone(context);
  if ("response" in found) return found.response;
  if (context.params.phase !== "http_request_firewall_managed" || !found.waf.entrypoint) {
    return fail(404, WAF_ERRORS.noEntrypoint, "Could not find the entry point ruleset of this phase");
  }
  return ok(found.waf.entrypoint);
}

export function putEntrypoint(context: RouteContext): ApiResponse {
  const found = withZone(context);
  if ("response" in found) return found.response;
  if (context.params.phase !== "http_request_firewall_managed") {
    return fail(400, ERROR_CODES.invalidQuery, "Invalid request: only the http_request_firewall_managed phase is simulated");
  }
  const ruleset = readRuleset(context.body);
  if (typeof ruleset === "string") return fail(400, ERROR_CODES.invalidBody, `Invalid request body: ${ruleset}`);
  const mode = readEnum(context.query, "waf_migration", ["pending", "1", "validation", "2"] as const);
  const { zone, waf } = found;
  if (mode === undefined) {
    if (waf.migrationState === "start") {
      return fail(400, WAF_ERRORS.invalidTransition, "This zone still runs the previous WAF: deploy with waf_migration and phase_two=1");
    }
    return save(waf, ruleset, waf.migrationState);
  }
  const missing = requirePhaseTwo(context.query);
  if (missing) return missing;
  const target = mode === "validation" || mode === "2" ? "validation" : "completed";
  if (waf.migrationState === "completed") {
    return fail(400, WAF_ERRORS.invalidTransition, "The zone already uses the new managed rules; the upgrade cannot be undone or repeated");
  }
  if (target === "validation" && waf.migrationState === "validation") {
    return fail(400, WAF_ERRORS.invalidTransition, "The zone is already in validation mode; finish with waf_migration=pending");
  }
  if (target === "validation" && zone.plan.legacy_id !== "enterprise") {
    return fail(400, WAF_ERRORS.validationNotAvailable, "Validation mode is available on Enterprise plans only");
  }
  if (waf.migrationState === "start") {
    const refusal = refuseUpgrade(waf, ruleset);
    if (refusal) return refusal;
  }
  return save(waf, ruleset, target);
}

function refuseUpgrade(waf: WafZone, ruleset: Ruleset): ApiResponse | undefined {
  if (!waf.compatible || waf.overrides.length > 0) {
    return fail(400, WAF_ERRORS.notCompatible, "The zone is not compatible with the WAF upgrade (delete its URI-based overrides first)");
  }
  // The two limits are the rulesets API's own validation: answered as rulesets_Failure, a message and a pointer, no code.
  const migrated = ruleset.rules.filter((rule) => rule.action !== "execute").length;
  if (migrated > MAX_RULES) {
    return failRuleset(400, [
      { message: `The zone has ${migrated} firewall rules to migrate (more than ${MAX_RULES}); contact support`, pointer: "/rules" },
    ]);
  }
  const long = ruleset.rules.flatMap((rule, index) => (Buffer.byteLength(rule.expression) > MAX_EXPRESSION_BYTES ? [{ rule, index }] : []));
  if (long.length > 0) {
    return failRuleset(
      400,
      long.map(({ rule, index }) => ({
        message: `The firewall rule expression is longer than 4 KB (${Buffer.byteLength(rule.expression)} bytes); contact support`,
        pointer: `/rules/${index}/expression`,
      })),
    );
  }
  return undefined;
}

function save(waf: WafZone, ruleset: Ruleset, state: WafZone["migrationState"]): ApiResponse {
  waf.migrationState = state;
  waf.statusChangedOn = new Date().toISOString();
  waf.entrypoint = {
    id: waf.entrypoint?.id ?? ENTRYPOINT_ID,
    name: ruleset.name,
    description: ruleset.description ?? "",
    kind: "zone",
    phase: "http_request_firewall_managed",
    version: String(Number(waf.entrypoint?.version ?? 0) + 1),
    last_updated: waf.statusChangedOn,
    rules: ruleset.rules.map((rule, i) => answeredRule(rule, rule.id || `${i + 1}`.padStart(32, "0"), waf.statusChangedOn!)),
  };
  return ok(waf.entrypoint);
}

function readRuleset(body: unknown): Ruleset | string {
  if (body === undefined) return "a ruleset body is required";
  if (body === INVALID_JSON) return "not JSON";
  if (typeof body !== "object" || body === null || !Array.isArray((body as Ruleset).rules)) return "rules must be an array";
  const ruleset = body as Ruleset;
  const bad = ruleset.rules.findIndex((rule) => typeof rule?.action !== "string" || typeof rule?.expression !== "string");
  if (bad >= 0) return `rules[${bad}] needs an action and an expression`;
  return { name: typeof ruleset.name === "string" ? ruleset.name : "default", description: ruleset.description, rules: ruleset.rules };
}
