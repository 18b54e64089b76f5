// Opens the platform for one server request: a fresh Scheduler (own budget and 6 slots) sharing the
// process-wide rate limiter, with the configured credentials. The only place that holds them.
import "server-only";
import { setMaxListeners } from "node:events";
import { getConfig } from "@/lib/config";
import { PlatformClient } from "@/lib/platform/client";
import { RateLimiter } from "@/lib/platform/rate-limiter";
import { Scheduler } from "@/lib/platform/scheduler";

let limiter: RateLimiter | undefined;
let graphqlLimiter: RateLimiter | undefined;

export function openPlatform(signal?: AbortSignal, requestId?: string, allows?: (method: string, path: string) => boolean): PlatformClient {
  const config = getConfig();
  // Every queued call listens for the request's abort: as many as the budget allows, by design.
  if (signal) setMaxListeners(config.subrequestBudget + 10, signal);
  limiter ??= new RateLimiter(config.rateLimit);
  graphqlLimiter ??= new RateLimiter(config.graphqlRateLimit, undefined, "graphql");
  const scheduler = new Scheduler({
    limiter,
    subrequestBudget: config.subrequestBudget,
    timeoutMs: config.upstreamTimeoutMs,
    signal,
    // Past this, answering with a cursor beats holding the browser's request open for minutes.
    maxRateLimitWaitMs: 10_000,
    requestId,
  });
  return new PlatformClient(config.apiBaseUrl, config.credentials, scheduler, graphqlLimiter, allows);
}
