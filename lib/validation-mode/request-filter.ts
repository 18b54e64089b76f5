// The drill-down's filters, read from the same URL parameters by the page and by the operation.
import type { RowAccount } from "@/lib/accounts/row-account";
import { InputError } from "@/lib/errors/input-error";
import { canonicalAction } from "@/lib/validation-mode/actions";
import { REQUEST_CLASSES, type ComparedRequest, type RequestClass } from "@/lib/validation-mode/join";

export const CLASS_FILTERS = ["both", ...REQUEST_CLASSES] as const;
export type ClassFilter = (typeof CLASS_FILTERS)[number];
export const FILTER_KEYS = ["class", "action", "rule", "host", "path", "country"] as const;

export interface RequestFilter {
  class?: ClassFilter;
  /** The action of either version. */
  action?: string;
  /** The rule of either version. */
  rule?: string;
  host?: string;
  /** A part of the path. */
  path?: string;
  country?: string;
}

export function parseRequestFilter(params: URLSearchParams): RequestFilter {
  const filter: RequestFilter = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (!value) continue;
    if (value.length > 512) throw new InputError(key, `${key} must be at most 512 characters`);
    if (key === "class") {
      if (!(CLASS_FILTERS as readonly string[]).includes(value))
        throw new InputError("class", `class must be one of ${CLASS_FILTERS.join(", ")}`);
      filter.class = value as ClassFilter;
    } else filter[key] = key === "action" ? canonicalAction(value) : value;
  }
  return filter;
}

function classMatches(filter: ClassFilter | undefined, cls: RequestClass): boolean {
  if (!filter) return true;
  return filter === "both" ? cls === "bothSameAction" || cls === "bothDifferentAction" : filter === cls;
}

export function matchesFilter(request: ComparedRequest, filter: RequestFilter): boolean {
  return (
    classMatches(filter.class, request.class) &&
    (!filter.action || request.oldAction === canonicalAction(filter.action) || request.newAction === canonicalAction(filter.action)) &&
    (!filter.rule || request.oldRuleId === filter.rule || request.newRuleId === filter.rule) &&
    (!filter.host || request.host.toLowerCase() === filter.host.toLowerCase()) &&
    (!filter.path || request.path.includes(filter.path)) &&
    (!filter.country || request.country.toLowerCase() === filter.country.toLowerCase())
  );
}

/** The export's columns: both versions' rule and action side by side. */
/** One exported request; the zone's account in the last columns, so the columns a spreadsheet already had stay where they were. */
export function requestCsvRow(request: ComparedRequest, account: RowAccount) {
  return {
    ray: request.rayName,
    datetime: request.datetime,
    class: request.class,
    old_action: request.oldAction ?? "",
    old_rule: request.oldRuleId ?? "",
    new_action: request.newAction ?? "",
    new_rule: request.newRuleId ?? "",
    host: request.host,
    path: request.path,
    country: request.country,
    client_ip: request.clientIP,
    user_agent: request.userAgent,
    old_events: request.oldEvents,
    new_events: request.newEvents,
    // 1: seen unsampled; N: this row stands for about N requests; empty: the platform did not say.
    sample_interval: request.sampleInterval ?? "",
    account_id: account.id,
    account_name: account.name,
  };
}
