// The account filter a page keeps in its URL (`account=<id>`) and passes to its JSON operations, and the accounts
// it offers: every account an answer named. Pure, for the browser and the server alike.
import { ACCOUNT_ID } from "@/lib/accounts/account-entries";
import { ACCOUNT_PARAMETER } from "@/lib/accounts/account-scope";
import type { RowAccount } from "@/lib/accounts/row-account";

/** The URL's `account` value when it is an account id; anything else reads as every account. */
export function parseAccountFilter(value: string | null | undefined): string | null {
  return value && ACCOUNT_ID.test(value) ? value : null;
}

/** `path` with `account=<id>` added (or left as is for every account), keeping its own query. */
export function withAccount(path: string, account: string | null | undefined): string {
  if (!account) return path;
  const [base, query = ""] = path.split("?", 2) as [string, string?];
  const params = new URLSearchParams(query);
  params.set(ACCOUNT_PARAMETER, account);
  return `${base}?${params}`;
}

/**
 * The accounts a filter offers, deduplicated by id in the order first seen: an account without a known id (its listing
 * named none yet) cannot be asked for, so it is not offered.
 */
export function accountOptions(...lists: ReadonlyArray<readonly RowAccount[] | undefined>): RowAccount[] {
  const seen = new Map<string, RowAccount>();
  for (const list of lists)
    for (const account of list ?? []) if (account.id && !seen.has(account.id)) seen.set(account.id, { id: account.id, name: account.name });
  return [...seen.values()];
}
