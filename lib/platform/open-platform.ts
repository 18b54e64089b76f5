// Opens the platform for one server request: a fresh Scheduler (own budget and 6 slots) sharing the
// process-wide rate limiter, with the configured credentials. The only place that holds them.
import "server-only";
import { setMaxListeners } from "node:events";
import { getConfig } from "@/lib/config";
import { PlatformClient } from "@/lib/platform/client";
import { RateLimiter, type RateLimitUse } from "@/lib/platform/rate-limiter";
import { Scheduler } from "@/lib/platform/scheduler";

let limiter: RateLimiter | undefined;
let graphqlLimiter: RateLimiter | undefined;

/** `consumer` names who the calls are for ("Zones scan"): the process's rate limits are shared fairly by it. */
export function openPlatform(
  signal?: AbortSignal,
  requestId?: string,
  allows?: (method: string, path: string) => boolean,
  consumer?: string,
): PlatformClient {
  const config = getConfig();
  // Every queued call listens for the request's abort: as many as the budget allows, by design.
  if (signal) setMaxListeners(config.subrequestBudget + 10, signal);
  const { account, graphql } = limiters();
  const scheduler = new Scheduler({
    limiter: account,
    subrequestBudget: config.subrequestBudget,
    timeoutMs: config.upstreamTimeoutMs,
    signal,
    // Past this, answering with a cursor beats holding the browser's request open for minutes.
    maxRateLimitWaitMs: 10_000,
    requestId,
    consumer,
  });
  return new PlatformClient(config.apiBaseUrl, config.credentials, scheduler, graphql, allows);
}

function limiters() {
  const config = getConfig();
  limiter ??= new RateLimiter(config.rateLimit);
  graphqlLimiter ??= new RateLimiter(config.graphqlRateLimit, undefined, "graphql");
  return { account: limiter, graphql: graphqlLimiter };
}

/** Who uses the account's limits in this process now: a page that waits on one shows it. */
export function rateLimitUse(): RateLimitUse[] {
  const { account, graphql } = limiters();
  return [account.use(), graphql.use()];
}
