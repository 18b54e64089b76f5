// The account filter in a page's URL (`account=<id>`): one parser for every page's own set and for the server.
// No "use client": a server page reads the same parser.
import { createParser } from "nuqs/server";
import { parseAccountFilter } from "@/lib/accounts/account-filter";

/** An account id; a hand-edited value that is not one reads as every account, never throws. */
export const parseAsAccount = createParser({ parse: parseAccountFilter, serialize: (id: string) => id });

export const accountSearchParams = { account: parseAsAccount };
