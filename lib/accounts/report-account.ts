// Which account an archived report is of: the one its writer names (`account`, an account id), among those
// Preflight reads; unnamed, the only account Preflight reads. Never guessed among several. Pure: the archive's
// route gives it what GET /api/accounts would answer.
import type { AccountsAnswer } from "@/lib/accounts/configured-accounts";
import { ACCOUNT_PARAMETER } from "@/lib/accounts/account-scope";
import type { RowAccount } from "@/lib/accounts/row-account";
import { InputError } from "@/lib/errors/input-error";

export function reportAccount(reached: AccountsAnswer, accountId: string | undefined): RowAccount {
  const unread = reached.unread.length
    ? ` (the accounts of ${reached.unread.map((part) => part.entry).join(", ")} could not be listed)`
    : "";
  if (accountId !== undefined) {
    const named = reached.accounts.find((account) => account.id === accountId);
    if (!named) throw new InputError(ACCOUNT_PARAMETER, `account names no account Preflight reads${unread}`);
    return { id: named.id, name: named.name };
  }
  const ids = new Set(reached.accounts.map((account) => account.id));
  const only = reached.accounts[0];
  if (ids.size === 1 && !unread && only) return { id: only.id, name: only.name };
  throw new InputError(
    ACCOUNT_PARAMETER,
    `account must name the report's account (an account id): Preflight reads ${ids.size === 0 ? "no listed account" : "several accounts"}${unread}`,
  );
}
