// Reads a listing from each account of the request at once, each with its own credentials and limits, and
// merges their answers (lib/accounts/account-answers.ts). One account's failure or used-up rate limit is that
// account's coverage line, never the others' answer.
import "server-only";
import { redactSecrets } from "@/lib/config";
import type { AccountEntry } from "@/lib/config-schema";
import { DeferredError, PlatformError } from "@/lib/errors/platform-errors";
import { PreflightError } from "@/lib/errors/preflight-error";
import type { PlatformClient } from "@/lib/platform/client";
import { entryAccountFilter, type AccountScope } from "@/lib/accounts/account-scope";
import {
  mergeAccountParts,
  partCoverage,
  splitAccountsCursor,
  sumPartTotals,
  type AccountCoverage,
  type AccountPart,
  type PagedAnswer,
} from "@/lib/accounts/account-answers";
import type { RowAccount } from "@/lib/accounts/row-account";

interface Scoped {
  accounts: AccountScope;
  platformFor: (entry: AccountEntry) => PlatformClient;
}

/** How the answers' other fields merge: row lists joined account after account, totals summed (`totalCount` always). */
interface MergedFields<A> {
  /** Other row lists of the answer, joined account after account as `rowsKey`'s are. */
  joined?: readonly (keyof A & string)[];
  /** Other account-wide totals: every account's sum, or absent when one account's is unknown. */
  summed?: readonly (keyof A & string)[];
}

/**
 * The listing of every account in scope: `read` gets the account's platform, its account filter and its own cursor.
 * One account answers as it always has (its cursor unchanged); several answer merged, rows under `rowsKey`.
 */
export async function readAccounts<A extends PagedAnswer, K extends keyof A & string, Row extends { account?: RowAccount }>(
  scoped: Scoped,
  cursor: string | undefined,
  rowsKey: K,
  read: (platform: PlatformClient, accountId: string | undefined, cursor: string | undefined) => Promise<A>,
  { joined: alsoJoined = [], summed = [] }: MergedFields<A> = {},
): Promise<A & { accounts: AccountCoverage[] }> {
  const { entries } = scoped.accounts;
  const rowsOf = (answer: A) => answer[rowsKey] as unknown as Row[];
  if (entries.length === 1) {
    const entry = entries[0]!;
    const answer = await read(scoped.platformFor(entry), entryAccountFilter(entry, scoped.accounts), cursor);
    return { ...answer, accounts: partCoverage({ entry, answer }, rowsOf) };
  }
  const cursors = splitAccountsCursor(cursor);
  const chosen = cursors ? entries.filter((entry) => cursors[entry.key] !== null && cursors[entry.key] !== undefined) : entries;
  const parts = await Promise.all(
    chosen.map(async (entry): Promise<AccountPart<A>> => {
      const cursorIn = cursors?.[entry.key] || undefined;
      const label = { key: entry.key, id: entry.id, name: entry.name };
      try {
        return {
          entry: label,
          cursorIn,
          answer: await read(scoped.platformFor(entry), entryAccountFilter(entry, scoped.accounts), cursorIn),
        };
      } catch (error) {
        return { entry: label, cursorIn, error: partError(error) };
      }
    }),
  );
  const merged = mergeAccountParts(parts, rowsOf, scoped.accounts.accountId);
  const first = parts.find((part) => part.answer)?.answer;
  const { rows, ...rest } = merged;
  const joined = Object.fromEntries(
    alsoJoined.map((key) => [key, parts.flatMap((part) => (part.answer?.[key] as unknown[] | undefined) ?? [])]),
  );
  // The first answer's other fields stand for all, but its totals are its own account's: each is every part's sum
  // (`totalCount` is summed by the merge), absent while one account's is unknown.
  const totalKeys: string[] = ["totalCount", ...summed];
  const own = Object.fromEntries(Object.entries(first ?? {}).filter(([key]) => !totalKeys.includes(key)));
  const totals = Object.fromEntries(
    summed.flatMap((key) => {
      const sum = sumPartTotals(parts, key);
      return sum === undefined ? [] : [[key, sum] as const];
    }),
  );
  return { ...own, ...rest, ...totals, ...joined, [rowsKey]: rows } as unknown as A & { accounts: AccountCoverage[] };
}

function partError(error: unknown): { message: string; retryAfterSeconds?: number } {
  if (error instanceof DeferredError)
    return { message: redactSecrets(error.message), retryAfterSeconds: Math.max(1, Math.ceil(error.retryAfterMs / 1000)) };
  if (error instanceof PlatformError) return { message: redactSecrets(error.message), retryAfterSeconds: error.retryAfterSeconds };
  return { message: error instanceof PreflightError ? redactSecrets(error.message) : "The account could not be read." };
}
