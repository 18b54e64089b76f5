// Opens the platform for one server request: a fresh Scheduler (own budget and 6 slots) sharing the
// account's rate limits, with the configured credentials. The only place that holds them.
import "server-only";
import { getConfig } from "@/lib/config";
import type { AccountEntry } from "@/lib/config-schema";
import { PlatformClient } from "@/lib/platform/client";
import { limitKeepers } from "@/lib/platform/limit-keepers";
import type { RateLimitUse } from "@/lib/platform/rate-limiter";
import type { LimitKeeping } from "@/lib/platform/rate-limit-keeper";
import { Scheduler } from "@/lib/platform/scheduler";

/**
 * `consumer` names who the calls are for ("Zones scan"): the account's rate limits are shared fairly by it. `entry` is
 * the account whose credentials and limits the calls use (the first configured by default); `share` splits the
 * request's subrequest budget between the accounts one request reads.
 */
export function openPlatform(
  signal?: AbortSignal,
  requestId?: string,
  allows?: (method: string, path: string) => boolean,
  consumer?: string,
  entry?: AccountEntry,
  share = 1,
): PlatformClient {
  const config = getConfig();
  const account = entry ?? config.accounts[0]!;
  const keepers = limitKeepers(config, account);
  const scheduler = new Scheduler({
    limiter: keepers.account,
    subrequestBudget: Math.max(1, Math.floor(config.subrequestBudget / share)),
    timeoutMs: config.upstreamTimeoutMs,
    signal,
    // Past this, answering with a cursor beats holding the browser's request open for minutes.
    maxRateLimitWaitMs: 10_000,
    requestId,
    consumer,
  });
  return new PlatformClient(config.apiBaseUrl, account.credentials, scheduler, keepers.graphql, allows, {
    key: account.key,
    id: account.id,
    name: account.name,
  });
}

/** Who uses the account's limits now (on the edge as their object says): a page that waits on one shows it. */
export async function rateLimitUse(entry?: AccountEntry): Promise<RateLimitUse[]> {
  const { account, graphql } = limitKeepers(getConfig(), entry);
  await Promise.all([account.refresh?.(), graphql.refresh?.()]);
  return [account.use(), graphql.use()];
}

/** Who keeps the account's limit here, for the Settings panel. */
export function rateLimitKeeping(): LimitKeeping {
  return limitKeepers(getConfig()).keeping;
}
