// The Changes view in the URL: the account, since, the kind of change, the sort and the change opened. One set of
// parsers for the page and for the server, so a shared link opens the same view.
import { createLoader, parseAsString, parseAsStringLiteral, type inferParserType } from "nuqs/server";
import { changeColumns } from "@/components/changes/columns";
import { sortableColumnIds, sortSearchParams } from "@/components/data-table/search-params";
import { CHANGE_KINDS } from "@/lib/changes/kinds";
import { accountSearchParams } from "@/components/accounts/search-params";

export const CHANGES_DEFAULT_SORT = { id: "recordedAt", desc: true } as const;

export const changesSearchParams = {
  since: parseAsString,
  kind: parseAsStringLiteral(CHANGE_KINDS),
  open: parseAsString,
  // The account filter: the server lists only that account's records.
  ...accountSearchParams,
  ...sortSearchParams(sortableColumnIds(changeColumns)),
};

export type ChangesUrlView = inferParserType<typeof changesSearchParams>;
export const loadChangesSearchParams = createLoader(changesSearchParams);
