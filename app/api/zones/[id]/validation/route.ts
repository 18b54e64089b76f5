import { operation } from "@/lib/http/operation";
import { UPSTREAM } from "@/lib/http/upstream-calls";
import { progressStream, wantsProgress } from "@/lib/http/progress-stream";
import { compareZone, type ZoneComparison, type ZoneValidationAnswer } from "@/lib/validation-mode/compare-zone";
import { zoneAccount } from "@/lib/accounts/zone-account";
import { parseReadQuery } from "@/lib/validation-mode/read-query";
import type { ReadProgress } from "@/lib/validation-mode/window-read-state";

export const dynamic = "force-dynamic";

/**
 * Where the previous and the new managed rules disagree on one zone over `since`..`until` (ISO; the
 * last 7 days by default, at most 30): totals, byAction, topRules/Hosts/Paths, series and the decision aid;
 * `estimated` and `sampling` (the dataset is sampled) and `datasetLimits` (the zone's settings). A `since`
 * older than the dataset's notOlderThan is a 400 naming `since`; a dataset the plan lacks is a 409.
 * Work beyond one request's budget (or a long rate-limit wait) answers `complete:false` with the part read
 * and a `cursor` (and `retryAfterSeconds`); `cursor=…` continues. `refresh=1` reads the window again.
 * With `Accept: application/x-ndjson`, progress lines (slices read) come first. `account` names the zone's account.
 */
export const GET = operation<{ id: string }>(
  async ({ request, url, platform, params }) => {
    const { window, ...read } = parseReadQuery(url, Date.now());
    // After the comparison, whose checks answer bad input before any upstream read: the answer names the zone's account.
    const named = async ({ answer }: ZoneComparison): Promise<ZoneValidationAnswer> => ({
      ...answer,
      account: await zoneAccount(platform, params.id),
    });
    if (!wantsProgress(request)) return named(await compareZone(platform, params.id, window, read));
    return progressStream<ReadProgress>(request.signal, async (onProgress) =>
      named(await compareZone(platform, params.id, window, { ...read, onProgress })),
    );
  },
  { role: "viewer", zoneParam: "id", upstream: UPSTREAM.validation },
);
