// POST /graphql: a real GraphQL execution (graphql-js) over the seeded firewall events. The answer is
// `{data, errors}`, never the v4 envelope: HTTP 200 even with errors, except a query that does not fit the
// schema (400: `unknown field…` and the other parsing issues), a refusal over the dataset's limits (400) or
// outside the plan (403), as errors.mdx lists them.
import { graphqlSync, GraphQLError } from "graphql";
import { INVALID_JSON } from "../http";
import type { ApiResponse } from "../envelope";
import type { RouteContext } from "../router";
import type { SandboxState } from "../types";
import { wafCaseFor } from "../waf/seed-waf";
import { limitStatus, ZONES_NOT_AUTHORIZED } from "./dataset-limits";
import { rootValue, schema } from "./schema";
import { seedFirewallEvents, type FirewallEvent } from "./seed-events";

/** Events are built per zone on first use and kept for the state (one account's, until a reset) they were built from. */
export class FirewallEventStore {
  private caches = new WeakMap<SandboxState, Map<string, FirewallEvent[]>>();

  constructor(private readonly anchorMs: number) {}

  events(state: SandboxState, zoneTag: string): FirewallEvent[] | undefined {
    const cache = this.caches.get(state) ?? new Map<string, FirewallEvent[]>();
    this.caches.set(state, cache);
    const cached = cache.get(zoneTag);
    if (cached) return cached;
    const index = state.zones.findIndex((zone) => zone.id === zoneTag);
    const zone = state.zones[index];
    if (!zone) return undefined;
    const ordinal = validationOrdinal(state, index);
    const events = ordinal === undefined ? [] : seedFirewallEvents(state.seed, zone, ordinal, this.anchorMs);
    cache.set(zoneTag, events);
    return events;
  }
}

/** The zone's place among the zones seeded in validation mode; undefined for the others (no events). */
export function validationOrdinal(state: SandboxState, index: number): number | undefined {
  const zone = state.zones[index];
  if (!zone || wafCaseFor(index, zone) !== "validation") return undefined;
  return state.zones.slice(0, index).filter((z, i) => wafCaseFor(i, z) === "validation").length;
}

/** errors.mdx's words for a field the schema lacks; graphql-js says `Cannot query field "x" on type "T".` */
function platformWords(message: string): string {
  const unknown = /^Cannot query field "([^"]+)" on type "([^"]+)"/.exec(message);
  return unknown ? `unknown field "${unknown[1]}" on type "${unknown[2]}"` : message;
}

/** errors.mdx (Authentication and authorization errors): a zone the token may not read, HTTP 403. */
export function zonesNotAuthorized(zoneTag: string): GraphQLError {
  return new GraphQLError(`zones [${zoneTag}] are not authorized`, { extensions: { code: ZONES_NOT_AUTHORIZED } });
}

/** `served` (every account's state) tells a zone of another account, refused, from a tag that is no zone at all. */
export function graphqlHandler(
  store: () => FirewallEventStore,
  now: () => number = Date.now,
  maxNumberOfFields: () => number = () => 0,
  served: () => readonly SandboxState[] = () => [],
) {
  return (context: RouteContext): ApiResponse => {
    const body = context.body as { query?: unknown; variables?: unknown } | typeof INVALID_JSON | undefined;
    if (body === INVALID_JSON || typeof body !== "object" || body === null || typeof body.query !== "string") {
      return { status: 400, body: { data: null, errors: [{ message: "the body must be JSON with a query string" }] } };
    }
    const variables =
      typeof body.variables === "object" && body.variables !== null ? (body.variables as Record<string, unknown>) : undefined;
    const result = graphqlSync({
      schema,
      source: body.query,
      variableValues: variables,
      rootValue: rootValue(
        (zoneTag) => {
          const reached = context.accounts?.map((account) => account.state) ?? [context.state];
          const owns = (state: SandboxState) => state.zones.some((z) => z.id === zoneTag);
          const state = reached.find(owns);
          if (!state) {
            if (served().some(owns)) throw zonesNotAuthorized(zoneTag);
            return undefined;
          }
          const events = store().events(state, zoneTag);
          const zone = state.zones.find((z) => z.id === zoneTag);
          return events && zone ? { events, plan: zone.plan.legacy_id, name: zone.name } : undefined;
        },
        now(),
        maxNumberOfFields() || undefined,
      ),
    });
    // Without `data` the query never ran: it did not parse or did not fit the schema (errors.mdx: HTTP 400).
    const malformed = !("data" in result);
    // errors.mdx: an error's extensions hold its timestamp and nothing else (no code); the sandbox's own
    // codes choose the HTTP status and name the call in the log, and never go on the wire.
    const codes = result.errors?.map((error: GraphQLError) => error.extensions?.code).filter((code) => typeof code === "string");
    const errors = result.errors?.map((error: GraphQLError) => ({
      message: platformWords(error.message),
      ...(error.path ? { path: error.path } : {}),
      extensions: { timestamp: new Date(now()).toISOString() },
    }));
    const status = malformed ? 400 : result.errors ? limitStatus(result.errors) : 200;
    const logAs = (codes?.[0] as string | undefined) ?? (malformed ? "bad_query" : undefined);
    return { status, body: { data: result.data ?? null, ...(errors ? { errors } : {}) }, ...(logAs ? { logAs } : {}) };
  };
}
