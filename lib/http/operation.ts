// Every JSON operation is one of these: it opens the platform for this request only, runs the handler,
// maps failures with errorResponse, and reports the request's upstream usage in headers.
import "server-only";
import { getConfig } from "@/lib/config";
import { errorResponse } from "@/lib/http/error-response";
import { checkOrigin } from "@/lib/http/origin-check";
import type { Role } from "@/lib/identity/config-schema";
import { ForbiddenError } from "@/lib/identity/errors";
import { identify, type Identity } from "@/lib/identity/identify";
import { hasRole } from "@/lib/identity/roles";
import type { PlatformClient } from "@/lib/platform/client";
import { openPlatform } from "@/lib/platform/session";
import { upstreamGuard, type UpstreamPattern } from "@/lib/http/upstream-calls";

export interface OperationContext<P> {
  request: Request;
  url: URL;
  platform: PlatformClient;
  /** The dynamic segments of the route, e.g. `{ id }` for app/api/zones/[id]/…; validated by the handler. */
  params: P;
  /** Who is calling; undefined only for `role: "public"` operations. */
  identity: Identity | undefined;
  /** The declared upstream calls as a predicate, for clients the handler opens itself (the gateway). */
  allows: (method: string, path: string) => boolean;
}

export interface OperationOptions {
  /** The role the caller needs (roles are ranked); `public` skips identity (health, the archive's own key). */
  role: Role | "public";
  /** Every upstream call the operation may make (lib/http/upstream-calls.ts): named operations, never a proxy. */
  upstream: readonly UpstreamPattern[];
}

/** What a route exports: the handler, with its declaration readable by the tests that enumerate routes. */
export type Operation<P> = ((request: Request, route?: { params: Promise<P> }) => Promise<Response>) & { readonly upstream: readonly UpstreamPattern[] };

export function operation<P = Record<string, never>>(
  handler: (context: OperationContext<P>) => Promise<unknown>,
  options: OperationOptions,
): Operation<P> {
  const allows = upstreamGuard(options.upstream);
  const handle = async (request: Request, route?: { params: Promise<P> }): Promise<Response> => {
    let platform: PlatformClient | undefined;
    try {
      const identity = options.role === "public" ? undefined : await authorize(request, options.role);
      checkOrigin(request, identity);
      platform = openPlatform(request.signal, allows);
      const params = ((await route?.params) ?? {}) as P;
      const result = await handler({ request, url: new URL(request.url), platform, params, identity, allows });
      const response = result instanceof Response ? result : Response.json(result);
      return withUsage(response, platform);
    } catch (error) {
      return withUsage(errorResponse(error), platform);
    }
  };
  return Object.assign(handle, { upstream: options.upstream });
}

async function authorize(request: Request, role: Role): Promise<Identity> {
  const identity = await identify(request.headers, getConfig().identity);
  if (!hasRole(identity.role, role)) throw new ForbiddenError(`This needs the ${role} role; ${identity.id} is a ${identity.role}`);
  return identity;
}

function withUsage(response: Response, platform: PlatformClient | undefined): Response {
  if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "no-store");
  if (platform && !response.headers.has("X-Preflight-Subrequests")) {
    const { subrequests, budget, peakInFlight } = platform.scheduler.stats;
    response.headers.set("X-Preflight-Subrequests", `${subrequests}/${budget}`);
    response.headers.set("X-Preflight-Peak-Connections", String(peakInFlight));
  }
  return response;
}
