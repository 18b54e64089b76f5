// The Validation page's view in the URL: the zone compared, its window and the drill-down's filters, so a
// link in a review opens the same comparison. One set of parsers for the page and for the server.
import { createLoader, parseAsString, parseAsStringLiteral, type inferParserType } from "nuqs/server";
import { CLASS_FILTERS } from "@/lib/validation-mode/request-filter";
import { accountSearchParams } from "@/components/accounts/search-params";

export const validationSearchParams = {
  ...accountSearchParams,
  zone: parseAsString,
  /** The window as typed (ISO, UTC): the operation checks it and says what is wrong. */
  since: parseAsString,
  until: parseAsString,
  /** A class the page does not know reads as none: every request shows rather than nothing. */
  class: parseAsStringLiteral(CLASS_FILTERS),
  action: parseAsString.withDefault(""),
  rule: parseAsString.withDefault(""),
  host: parseAsString.withDefault(""),
  path: parseAsString.withDefault(""),
  country: parseAsString.withDefault(""),
};

export type ValidationView = inferParserType<typeof validationSearchParams>;
/** A change to the view as typed or picked on the page; "" or undefined clears a key. */
export type ValidationInputs = Partial<Record<keyof ValidationView, string | null | undefined>>;
export const loadValidationSearchParams = createLoader(validationSearchParams);
