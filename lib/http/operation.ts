// Every JSON operation is one of these: it opens the platform for this request only, runs the handler,
// maps failures with errorResponse, and reports the request's upstream usage in headers.
import "server-only";
import { errorResponse } from "@/lib/http/error-response";
import type { PlatformClient } from "@/lib/platform/client";
import { openPlatform } from "@/lib/platform/session";

export interface OperationContext {
  request: Request;
  url: URL;
  platform: PlatformClient;
}

export function operation(handler: (context: OperationContext) => Promise<unknown>) {
  return async (request: Request): Promise<Response> => {
    let platform: PlatformClient | undefined;
    try {
      platform = openPlatform(request.signal);
      const result = await handler({ request, url: new URL(request.url), platform });
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
