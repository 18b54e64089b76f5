// Every JSON operation is one of these: it opens the platform for this request only, runs the handler,
// maps failures with errorResponse, and reports the request's upstream usage in headers.
import "server-only";
import { errorResponse } from "@/lib/http/error-response";
import type { PlatformClient } from "@/lib/platform/client";
import { openPlatform } from "@/lib/platform/session";

export interface OperationContext<P> {
  request: Request;
  url: URL;
  platform: PlatformClient;
  /** The dynamic segments of the route, e.g. `{ id }` for app/api/zones/[id]/…; validated by the handler. */
  params: P;
}

export function operation<P = Record<string, never>>(handler: (context: OperationContext<P>) => Promise<unknown>) {
  return async (request: Request, route?: { params: Promise<P> }): Promise<Response> => {
    let platform: PlatformClient | undefined;
    try {
      platform = openPlatform(request.signal);
      const params = ((await route?.params) ?? {}) as P;
      const result = await handler({ request, url: new URL(request.url), platform, params });
      const response = result instanceof Response ? result : Response.json(result);
      return withUsage(response, platform);
    } catch (error) {
      return withUsage(errorResponse(error), platform);
    }
  };
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
