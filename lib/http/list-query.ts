// The query of the account listings (zones, certificates): one parser, so a parameter means the same on
// each and a bad value is the same 400 naming it.
import { queryEnum, queryFlag, queryText } from "@/lib/http/query";

export const LIST_SOURCES = ["auto", "live", "snapshot"] as const;
export type ListSource = (typeof LIST_SOURCES)[number];

export interface ListQuery {
  format: "json" | "csv";
  /** `auto`: a fresh snapshot if there is one, else live; `live` and `snapshot` insist. */
  source: ListSource;
  cursor?: string;
  /** Read the account again instead of answering from the cache or a snapshot. */
  refresh: boolean;
}

export function readListQuery(url: URL): ListQuery {
  return {
    format: queryEnum(url, "format", ["json", "csv"] as const, "json"),
    source: queryEnum(url, "source", LIST_SOURCES, "auto"),
    cursor: queryText(url, "cursor"),
    refresh: queryFlag(url, "refresh"),
  };
}
