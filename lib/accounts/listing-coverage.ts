// What the pages of a cursor listing read so far cover, as one answer: whether there is more to read, and whether
// the listing is whole. "No next page" is not "whole": an account that failed or waits for its rate limit leaves
// no cursor behind yet is missing, and its figures must never read as exact. Pure.
import type { AccountCoverage } from "@/lib/accounts/account-answers";
import { mergePageCoverage } from "@/lib/accounts/coverage-wording";

/** What each page of a listing says of itself (the answer's own `complete` and, with accounts, their coverage). */
export interface ListedPage {
  complete: boolean;
  accounts?: readonly AccountCoverage[];
}

export interface ListingCoverage {
  /** Nothing more will be read: the last page left no cursor to follow (whole or not). */
  settled: boolean;
  /** Every row is read: settled, the last page says complete, and every account any page named was read in full. */
  complete: boolean;
  /** What the listing covers of each account, over every page read so far. */
  accounts: AccountCoverage[];
}

/** `moreToRead`: the last page left a cursor the listing follows. `pages` undefined: nothing answered yet. */
export function listingCoverage(pages: readonly ListedPage[] | undefined, moreToRead: boolean): ListingCoverage {
  const accounts = mergePageCoverage(pages?.map((page) => page.accounts) ?? []);
  const settled = pages !== undefined && pages.length > 0 && !moreToRead;
  // A later page names only the accounts still being read: one that failed on the first page is missing from the last
  // page's `complete`, so every account's latest line is asked too.
  const complete = settled && pages.at(-1)!.complete && accounts.every((account) => account.complete);
  return { settled, complete, accounts };
}
