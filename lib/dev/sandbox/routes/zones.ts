// GET /zones and GET /zones/{zone_id}: filters, ordering and paging with the bounds of the real API.
import { fail, ok, type ApiResponse } from "../envelope";
import { ERROR_CODES } from "../errors";
import { combine, textFilter } from "../filters";
import { compareKeys, paginate, readListParams, sortList, type SortKey } from "../paginate";
import { readEnum, readText } from "../query";
import type { RouteContext } from "../router";
import type { Zone, ZoneStatus } from "../types";

const ZONE_ORDERS = ["name", "status", "account.id", "account.name", "plan.id"] as const;
type ZoneOrder = (typeof ZONE_ORDERS)[number];
const ZONE_STATUSES: readonly ZoneStatus[] = ["initializing", "pending", "active", "moved"];
export const ZONES_PER_PAGE = { min: 5, max: 50, fallback: 20 };
const IDENTIFIER = /^[0-9a-f]{32}$/;

const ORDER_KEY: Record<ZoneOrder, (zone: Zone) => SortKey> = {
  name: (z) => z.name,
  status: (z) => z.status,
  "account.id": (z) => z.account.id,
  "account.name": (z) => z.account.name,
  "plan.id": (z) => z.plan.id,
};

export function listZones({ query, state, accounts }: RouteContext): ApiResponse {
  const list = readListParams(query, ZONES_PER_PAGE, ZONE_ORDERS, "name");
  const name = readText(query, "name", 253);
  const status = readEnum(query, "status", ZONE_STATUSES);
  const accountId = readText(query, "account.id", 253);
  const accountName = readText(query, "account.name", 253);
  const match = readEnum(query, "match", ["all", "any"] as const) ?? "all";
  const predicates: ((zone: Zone) => boolean)[] = [];
  if (name !== undefined) {
    const test = textFilter(name);
    predicates.push((z) => test(z.name));
  }
  if (status !== undefined) predicates.push((z) => z.status === status);
  if (accountId !== undefined) predicates.push((z) => z.account.id === accountId);
  if (accountName !== undefined) {
    const test = textFilter(accountName);
    predicates.push((z) => test(z.account.name));
  }
  // The zones of every account the credential reaches, as the real listing spans a token's accounts.
  const reachable = accounts ? accounts.flatMap((account) => account.state.zones) : state.zones;
  const zones = reachable.filter(combine(predicates, match));
  const sorted = sortList(zones, ORDER_KEY[list.order], list.direction, (a, b) => compareKeys(a.name, b.name) || compareKeys(a.id, b.id));
  const { result, resultInfo } = paginate(sorted, list.page, list.perPage);
  return ok(result, resultInfo);
}

/** The SDK's zones.list: "Listing zones across more than 500 accounts is currently not allowed" (then: filter by account.id). */
export const MAX_LISTED_ACCOUNTS = 500;

/** The listing refused to a token over the limit that does not filter by account; undefined for any other call. */
export function zoneListingRefusal(tokenAccounts: number, method: string, path: string, query: URLSearchParams): ApiResponse | undefined {
  if (method !== "GET" || path.replace(/\/+$/, "") !== "/zones" || tokenAccounts <= MAX_LISTED_ACCOUNTS || query.has("account.id"))
    return undefined;
  return fail(
    400,
    ERROR_CODES.tooManyAccounts,
    `Listing zones across more than ${MAX_LISTED_ACCOUNTS} accounts is currently not allowed, please apply the 'account.id' filter`,
  );
}

export function getZone({ params, state, path }: RouteContext): ApiResponse {
  const found = findZone(state.zones, params.zone_id ?? "", path);
  return "zone" in found ? ok(found.zone) : found.response;
}

/** Malformed id → 400/7003 (the API cannot route it); well-formed but unknown → 404/1001. */
export function findZone(zones: readonly Zone[], zoneId: string, path: string): { zone: Zone } | { response: ApiResponse } {
  if (!IDENTIFIER.test(zoneId)) {
    return {
      response: fail(400, ERROR_CODES.noRoute, `Could not route to ${routeHint(path)}, perhaps your object identifier is invalid?`),
    };
  }
  const zone = zones.find((z) => z.id === zoneId);
  return zone ? { zone } : { response: fail(404, ERROR_CODES.invalidZone, "Invalid zone identifier") };
}

/** The path as the API names it in the message, capped so a hostile id cannot bloat the answer. */
function routeHint(path: string): string {
  return path.length > 300 ? `${path.slice(0, 300)}…` : path;
}
