// The query of the account listings (zones, certificates): one parser, so a parameter means the same on
// each and a bad value is the same 400 naming it.
import { queryEnum, queryFlag, queryText } from "@/lib/http/query";
import { LIST_SOURCES, type SourceQuery } from "@/lib/snapshots/answers";

export interface ListQuery extends SourceQuery {
  format: "json" | "csv";
}

export function readListQuery(url: URL): ListQuery {
  return {
    format: queryEnum(url, "format", ["json", "csv"] as const, "json"),
    source: queryEnum(url, "source", LIST_SOURCES, "auto"),
    cursor: queryText(url, "cursor"),
    refresh: queryFlag(url, "refresh"),
  };
}
