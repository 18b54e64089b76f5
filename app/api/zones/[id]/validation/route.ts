import { operation } from "@/lib/http/operation";
import { UPSTREAM } from "@/lib/http/upstream-calls";
import { progressStream, wantsProgress } from "@/lib/http/progress-stream";
import type { FetchProgress } from "@/lib/validation/fetch-events";
import { compareZone } from "@/lib/validation/compare-zone";
import { parseWindow } from "@/lib/validation/window";

export const dynamic = "force-dynamic";

/**
 * Where the previous and the new managed rules disagree on one zone over `since`..`until` (ISO; the
 * last 7 days by default, at most 30): totals, byAction, topRules/Hosts/Paths, series and the decision aid.
 * With `Accept: application/x-ndjson`, progress lines (slices read) come first.
 */
export const GET = operation<{ id: string }>(async ({ request, url, platform, params }) => {
  const window = parseWindow(url.searchParams.get("since"), url.searchParams.get("until"), Date.now());
  if (!wantsProgress(request)) return (await compareZone(platform, params.id, window)).summary;
  return progressStream<FetchProgress>(request.signal, async (onProgress) => (await compareZone(platform, params.id, window, { onProgress })).summary);
}, { role: "viewer", upstream: UPSTREAM.validation });
