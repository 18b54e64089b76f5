// The Zones table's view in the URL: the account, the name filter, the facets and the sort. One set of parsers for
// the page in the browser and for anything on the server that reads a shared link.
import { createLoader, parseAsString, parseAsStringLiteral, type inferParserType } from "nuqs/server";
import { sortableColumnIds, sortSearchParams } from "@/components/data-table/search-params";
import { accountSearchParams } from "@/components/accounts/search-params";
import { MIGRATION_VERDICT_LABELS } from "@/components/zones/verdict-badge";
import type { MigrationVerdict } from "@/lib/migration/eligibility";
import { zoneColumns } from "./columns";

export const zonesSearchParams = {
  q: parseAsString.withDefault(""),
  // Plans and migration states are the platform's words, open-ended: any value filters (and may match none).
  plan: parseAsString,
  verdict: parseAsStringLiteral(Object.keys(MIGRATION_VERDICT_LABELS) as MigrationVerdict[]),
  state: parseAsString,
  // The account filter: the server reads only that account (lib/accounts/account-scope.ts).
  ...accountSearchParams,
  ...sortSearchParams(sortableColumnIds(zoneColumns)),
};

export type ZonesView = inferParserType<typeof zonesSearchParams>;
export const ZONES_DEFAULT_SORT = { id: "name", desc: false };
export const loadZonesSearchParams = createLoader(zonesSearchParams);
