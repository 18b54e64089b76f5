// Which configured accounts one request reads: the `account` query parameter (an account id) filters; without
// it, every account. Pure: the operation wrapper reads it before opening any platform.
import { InputError } from "@/lib/errors/input-error";
import { ACCOUNT_ID, type AccountEntry } from "@/lib/accounts/account-entries";

export interface AccountScope {
  /** The entries the request reads, in configuration order. */
  entries: AccountEntry[];
  /** The account asked for: entries without an id of their own list only its zones (`account.id`). */
  accountId?: string;
}

export const ACCOUNT_PARAMETER = "account";

export function readAccountScope(url: URL, accounts: readonly AccountEntry[]): AccountScope {
  const raw = url.searchParams.get(ACCOUNT_PARAMETER);
  if (raw === null || raw === "") return { entries: [...accounts] };
  if (!ACCOUNT_ID.test(raw)) throw new InputError(ACCOUNT_PARAMETER, "account must be an account id: 32 lowercase hexadecimal characters");
  // An entry for that account, or else the entries whose credentials may reach it (no id of their own).
  const own = accounts.filter((entry) => entry.id === raw);
  const entries = own.length ? own : accounts.filter((entry) => entry.id === undefined);
  if (!entries.length) throw new InputError(ACCOUNT_PARAMETER, "account names no configured account");
  return { entries, accountId: raw };
}

/** The account filter an entry lists with: its own id, or the one asked for. */
export function entryAccountFilter(entry: AccountEntry, scope: AccountScope): string | undefined {
  return entry.id ?? scope.accountId;
}
