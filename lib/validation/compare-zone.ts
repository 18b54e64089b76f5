// One zone's comparison over a window, from the platform: the events read in slices, then joined.
import "server-only";
import type { PlatformClient } from "@/lib/platform/client";
import { NotFoundError } from "@/lib/http/not-found-error";
import { GraphqlError } from "@/lib/platform/graphql";
import { checkIdentifier } from "@/lib/platform/paths";
import { fetchFirewallEvents, type FetchProgress } from "@/lib/validation/fetch-events";
import { joinRequests, type ComparedRequest } from "@/lib/validation/join";
import { summarize, type ValidationSummary } from "@/lib/validation/summary";
import type { TimeWindow } from "@/lib/validation/window";

export interface ZoneComparison {
  requests: ComparedRequest[];
  summary: ValidationSummary;
}

export async function compareZone(
  platform: PlatformClient,
  zoneId: string,
  window: TimeWindow,
  options: { rowLimit?: number; onProgress?: (progress: FetchProgress) => void } = {},
): Promise<ZoneComparison> {
  checkIdentifier("id", zoneId);
  const { events, slices } = await fetchFirewallEvents(platform, zoneId, window, options).catch((error: unknown) => {
    // The analytics API says an unknown zone "does not exist": that is a 404, not the platform failing.
    if (error instanceof GraphqlError && error.graphqlErrors.some((e) => /does not exist/.test(e.message))) throw new NotFoundError(`There is no zone ${zoneId} in the account`);
    throw error;
  });
  const requests = joinRequests(events);
  return { requests, summary: summarize(zoneId, window, requests, events.length, slices) };
}
