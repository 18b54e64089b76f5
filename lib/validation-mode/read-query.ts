// The query both validation operations share: the window (`since`, `until`), and `cursor` to continue a
// read cut short or `refresh=1` to read the window again.
import { queryFlag, queryText } from "@/lib/http/query";
import { parseWindow, type TimeWindow } from "@/lib/validation-mode/window";

export interface ReadQuery {
  window: TimeWindow;
  cursor?: string;
  refresh: boolean;
  /** `since` was given: one older than the dataset keeps is refused rather than moved. */
  sinceGiven: boolean;
}

export function parseReadQuery(url: URL, now: number): ReadQuery {
  return {
    window: parseWindow(url.searchParams.get("since"), url.searchParams.get("until"), now),
    cursor: queryText(url, "cursor"),
    refresh: queryFlag(url, "refresh"),
    sinceGiven: Boolean(url.searchParams.get("since")),
  };
}
