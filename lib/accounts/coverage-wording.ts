// What a listing covers of each account, in words beside a page's totals: "288 zones in 3 accounts: Security 240 ·
// Staging 12 · Acquired Co 36" and, while partial, "Partial: 2 of 3 accounts read; Acquired Co waits for its rate
// limit (retry in 30 s)". Pure.
import type { AccountCoverage } from "@/lib/accounts/account-answers";
import type { AccountsNotRead } from "@/lib/client/coverage";
import { formatCount } from "@/lib/client/format";

/**
 * One line per account over every page of a cursor listing: rows add up, and the latest page that names an account
 * says where it stands (a page after the first names only the accounts still being read).
 */
export function mergePageCoverage(pages: ReadonlyArray<readonly AccountCoverage[] | undefined>): AccountCoverage[] {
  const merged = new Map<string, AccountCoverage>();
  for (const page of pages) {
    for (const account of page ?? []) {
      const key = account.id || `name:${account.name}`;
      const before = merged.get(key);
      merged.set(key, { ...account, rows: (before?.rows ?? 0) + account.rows });
    }
  }
  return [...merged.values()];
}

/** Said only when there is something to say: several accounts, or one that could not be read. */
export function showsAccountCoverage(accounts: readonly AccountCoverage[]): boolean {
  return accounts.length > 1 || accounts.some((account) => account.error !== undefined);
}

/** "288 zones in 3 accounts: Security 240 · Staging 12+ · Acquired Co —": a count still growing is "N+", an unread one "—". */
export function accountTotalsLine(accounts: readonly AccountCoverage[], noun: string): string {
  const total = accounts.reduce((sum, account) => sum + account.rows, 0);
  const complete = accounts.every((account) => account.complete);
  const count = (account: AccountCoverage) =>
    account.complete ? formatCount(account.rows) : account.rows === 0 ? "—" : `${formatCount(account.rows)}+`;
  const overall = complete ? formatCount(total) : total === 0 ? "No" : `${formatCount(total)}+`;
  const parts = accounts.map((account) => `${account.name} ${count(account)}`).join(" · ");
  return `${overall} ${noun} in ${accounts.length} account${accounts.length === 1 ? "" : "s"}: ${parts}`;
}

/** Why a listing is partial, per account not read in full; undefined once every account is. */
export function accountPartialLine(accounts: readonly AccountCoverage[]): string | undefined {
  const unfinished = accounts.filter((account) => !account.complete);
  if (unfinished.length === 0) return undefined;
  const read = accounts.length - unfinished.length;
  const reasons = unfinished.map((account) => {
    if (account.error !== undefined) return `${account.name} could not be read: ${account.error}`;
    if (account.retryAfterSeconds !== undefined)
      return `${account.name} waits for its rate limit (retry in ${account.retryAfterSeconds} s)`;
    return `${account.name} is still being read`;
  });
  return `Partial: ${read} of ${accounts.length} accounts read; ${reasons.join("; ")}`;
}

/**
 * The accounts of several that stopped short (could not be read, or wait for their rate limit), for every figure's
 * coverage: none of their rows is in any total. An account still being read is not named: its rows are coming.
 */
export function accountsNotRead(accounts: readonly AccountCoverage[]): AccountsNotRead | undefined {
  if (accounts.length < 2) return undefined;
  const stopped = accounts.filter(
    (account) => !account.complete && (account.error !== undefined || account.retryAfterSeconds !== undefined),
  );
  return stopped.length > 0 ? { names: stopped.map((account) => account.name), of: accounts.length } : undefined;
}
