// Every JSON operation is one of these: it opens the platform for this request only, runs the handler,
// maps failures with errorResponse, and reports the request's upstream usage in headers.
import "server-only";
import { getConfig } from "@/lib/config";
import { errorResponse } from "@/lib/http/error-response";
import { declaredLength } from "@/lib/http/json-body";
import { PayloadTooLargeError } from "@/lib/errors/payload-too-large-error";
import { checkOrigin } from "@/lib/http/origin-check";
import { operationSecurityHeaders, servedOverHttps } from "@/lib/http/security-headers";
import type { Role } from "@/lib/identity/config-schema";
import { ForbiddenError, UnauthenticatedError } from "@/lib/errors/identity-errors";
import { secretMatches } from "@/lib/http/shared-secret";
import { identify, type Identity } from "@/lib/identity/identify";
import { hasRole } from "@/lib/identity/roles";
import { recordUsage } from "@/lib/http/usage-log";
import { requestStats } from "@/lib/http/request-usage";
import { consumerOf } from "@/lib/http/consumer";
import type { PlatformClient } from "@/lib/platform/client";
import { openPlatform } from "@/lib/platform/open-platform";
import { upstreamGuard, type UpstreamPattern } from "@/lib/http/upstream-calls";
import type { AccountEntry } from "@/lib/config-schema";
import { readAccountScope, type AccountScope } from "@/lib/accounts/account-scope";
import { narrowToKnownReach, zoneEntry } from "@/lib/accounts/zone-accounts";

export interface OperationContext<P, Caller extends Identity | undefined = Identity | undefined> {
  request: Request;
  url: URL;
  /** The platform of the request's account (of the zone, for a zone's operation; else the first account read). */
  platform: PlatformClient;
  /** The accounts this request reads (`account` filters; default every configured account). */
  accounts: AccountScope;
  /** The platform of one of `accounts.entries`: each with its own credentials and limits, sharing the request's budget. */
  platformFor: (entry: AccountEntry) => PlatformClient;
  /** The dynamic segments of the route, e.g. `{ id }` for app/api/zones/[id]/…; validated by the handler. */
  params: P;
  /** Who is calling: always known when a role is required, except to the cron caller; never for `role: "public"`. */
  identity: Caller;
  /** The declared upstream calls as a predicate, for clients the handler opens itself (the gateway). */
  allows: (method: string, path: string) => boolean;
}

export interface OperationOptions {
  /** The role the caller needs (roles are ranked); `public` skips identity (health, the archive's own key). */
  role: Role | "public";
  /** Also accept the scheduled trigger: header `x-preflight-cron` equal to PREFLIGHT_CRON_SECRET. */
  cron?: boolean;
  /** Every upstream call the operation may make (lib/http/upstream-calls.ts): named operations, never a proxy. */
  upstream: readonly UpstreamPattern[];
  /** The route parameter holding a zone id: the zone's own account's credentials read it, never another's. */
  zoneParam?: string;
}

const ZONE_ID = /^[0-9a-f]{32}$/;

export const CRON_HEADER = "x-preflight-cron";

/** What a route exports: the handler, with its declaration readable by the tests that enumerate routes. */
export type Operation<P> = ((request: Request, route?: { params: Promise<P> }) => Promise<Response>) & {
  readonly upstream: readonly UpstreamPattern[];
};

type Handler<P, Caller extends Identity | undefined> = (context: OperationContext<P, Caller>) => Promise<unknown>;

// The options say who can call, so the handler's `identity` is typed by them: no `identity!` in a handler.
export function operation<P = Record<string, never>>(
  handler: Handler<P, Identity>,
  options: OperationOptions & { role: Role; cron?: false },
): Operation<P>;
export function operation<P = Record<string, never>>(
  handler: Handler<P, Identity | undefined>,
  options: OperationOptions & { role: Role; cron: true },
): Operation<P>;
export function operation<P = Record<string, never>>(
  handler: Handler<P, undefined>,
  options: OperationOptions & { role: "public" },
): Operation<P>;
export function operation<P>(handler: Handler<P, never>, options: OperationOptions): Operation<P> {
  const allows = upstreamGuard(options.upstream);
  const handle = async (request: Request, route?: { params: Promise<P> }): Promise<Response> => {
    // Every platform the request opens (one per account it reads): its usage is theirs together.
    const opened = new Map<string, PlatformClient>();
    try {
      // The platform refuses a body over the plan's maximum before the function runs: so does Preflight.
      if (declaredLength(request) > getConfig().requestBodyMaxBytes) throw new PayloadTooLargeError(getConfig().requestBodyMaxBytes);
      const cron = options.cron === true && request.headers.has(CRON_HEADER);
      if (cron && !secretMatches(request.headers.get(CRON_HEADER), getConfig().snapshots.cronSecret)) {
        throw new UnauthenticatedError("The cron header does not match PREFLIGHT_CRON_SECRET (or no secret is configured)");
      }
      const identity = options.role === "public" || cron ? undefined : await authorize(request, options.role);
      if (!cron) checkOrigin(request, identity);
      const url = new URL(request.url);
      const params = ((await route?.params) ?? {}) as P;
      const scope = narrowToKnownReach(readAccountScope(url, getConfig().accounts));
      const zoneId = options.zoneParam ? (params as Record<string, unknown>)[options.zoneParam] : undefined;
      // A zone's operation reads with its own account's entry only: a zone of another account is refused before any call.
      // (An id that is no zone id is the handler's 400, naming it.)
      const accounts = typeof zoneId === "string" && ZONE_ID.test(zoneId) ? { ...scope, entries: [zoneEntry(zoneId, scope)] } : scope;
      const requestId = crypto.randomUUID();
      const platformFor = (entry: AccountEntry): PlatformClient => {
        let client = opened.get(entry.key);
        const share = accounts.entries.length;
        if (!client)
          opened.set(entry.key, (client = openPlatform(request.signal, requestId, allows, consumerOf(url.pathname), entry, share)));
        return client;
      };
      const platform = platformFor(accounts.entries[0]!);
      // The overloads tie `identity` to the options, which decided above whether there is one.
      const result = await handler({ request, url, platform, accounts, platformFor, params, identity: identity as never, allows });
      const response = result instanceof Response ? result : Response.json(result);
      return withUsage(request, response, opened.values());
    } catch (error) {
      return withUsage(request, errorResponse(error), opened.values());
    }
  };
  return Object.assign(handle, { upstream: options.upstream });
}

async function authorize(request: Request, role: Role): Promise<Identity> {
  const identity = await identify(request.headers, getConfig().identity);
  if (!hasRole(identity.role, role)) throw new ForbiddenError(`This needs the ${role} role; ${identity.id} is a ${identity.role}`);
  return identity;
}

function withUsage(request: Request, response: Response, platforms: Iterable<PlatformClient>): Response {
  if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "no-store");
  for (const [name, value] of Object.entries(operationSecurityHeaders(servedOverHttps(request.url, request.headers))))
    response.headers.set(name, value);
  const stats = requestStats(platforms);
  if (stats && !response.headers.has("X-Preflight-Subrequests")) {
    recordUsage(request, response.status, stats);
    const { subrequests, budget, peakInFlight } = stats;
    response.headers.set("X-Preflight-Subrequests", `${subrequests}/${budget}`);
    response.headers.set("X-Preflight-Peak-Connections", String(peakInFlight));
  }
  return response;
}
