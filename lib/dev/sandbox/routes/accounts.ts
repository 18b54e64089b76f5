// GET /accounts: the accounts the credential can access (the SDK's `Account`: id, name, type, settings, created_on).
import { ok, type ApiResponse } from "../envelope";
import { textFilter } from "../filters";
import { compareKeys, paginate, readListParams, sortList } from "../paginate";
import { readText } from "../query";
import type { RouteContext } from "../router";

/** The API's bounds for this list (api-schemas `accounts-list-accounts`: 5–50, default 20). */
export const ACCOUNTS_PER_PAGE = { min: 5, max: 50, fallback: 20 };

export interface AccountObject {
  id: string;
  name: string;
  type: "standard" | "enterprise";
  /** The SDK's Account.Settings has only optional fields (abuse_contact_email, enforce_twofactor): the sandbox sets one. */
  settings: { enforce_twofactor: boolean };
  created_on: string;
}

export function listAccounts({ query, state, accounts }: RouteContext): ApiResponse {
  const list = readListParams(query, ACCOUNTS_PER_PAGE, ["name"] as const, "name");
  const name = readText(query, "name", 253);
  const reached = accounts ?? [{ profile: { type: "enterprise" as const }, state }];
  const objects: AccountObject[] = reached.map(({ profile, state: account }) => ({
    id: account.account.id,
    name: account.account.name,
    type: profile.type,
    settings: { enforce_twofactor: profile.type === "enterprise" },
    // The account existed when its first zone was added (no draws: the seeded data stays as it was).
    created_on: account.zones.map((zone) => zone.created_on).reduce((a, b) => (b < a ? b : a)),
  }));
  const test = name === undefined ? undefined : textFilter(name);
  const chosen = test ? objects.filter((account) => test(account.name)) : objects;
  const sorted = sortList(
    chosen,
    (account) => account.name,
    list.direction,
    (a, b) => compareKeys(a.id, b.id),
  );
  const { result, resultInfo } = paginate(sorted, list.page, list.perPage);
  return ok(result, resultInfo);
}
