// The Certificates table's view in the URL: the account, the zone or host filter, the facets, the sort and the
// certificate opened. One set of parsers for the page and for the server.
import { createLoader, parseAsString, parseAsStringLiteral, type inferParserType } from "nuqs/server";
import { sortableColumnIds, sortSearchParams } from "@/components/data-table/search-params";
import { accountSearchParams } from "@/components/accounts/search-params";
import { KINDS, VERDICTS } from "@/lib/certificates/types";
import { certificateColumns } from "./columns";

export const certificatesSearchParams = {
  q: parseAsString.withDefault(""),
  verdict: parseAsStringLiteral(VERDICTS),
  kind: parseAsStringLiteral(KINDS),
  // A CA is the platform's word ("default" stands for `""`): any value filters.
  ca: parseAsString,
  // The account filter: the server reads only that account (lib/accounts/account-scope.ts).
  ...accountSearchParams,
  ...sortSearchParams(sortableColumnIds(certificateColumns)),
  /** The opened certificate's row key (`kind:id`). */
  open: parseAsString,
};

export type CertificatesView = inferParserType<typeof certificatesSearchParams>;
export const CERTIFICATES_DEFAULT_SORT = { id: "verdict", desc: false };
export const loadCertificatesSearchParams = createLoader(certificatesSearchParams);
