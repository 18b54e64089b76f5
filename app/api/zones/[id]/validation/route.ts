import { operation } from "@/lib/http/operation";
import { UPSTREAM } from "@/lib/http/upstream-calls";
import { progressStream, wantsProgress } from "@/lib/http/progress-stream";
import { compareZone, type CompareOptions, type ZoneValidationAnswer } from "@/lib/validation-mode/compare-zone";
import { withZoneAccount } from "@/lib/accounts/zone-account";
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
    // The zone's account after the comparison, whose checks answer bad input before any upstream read.
    const compared = async (options: CompareOptions): Promise<ZoneValidationAnswer> => {
      const { result, account } = await withZoneAccount(platform, params.id, (own) => compareZone(own, params.id, window, options));
      return { ...result.answer, account };
    };
    if (!wantsProgress(request)) return compared(read);
    return progressStream<ReadProgress>(request.signal, (onProgress) => compared({ ...read, onProgress }));
  },
  { role: "viewer", zoneParam: "id", upstream: UPSTREAM.validation },
);
