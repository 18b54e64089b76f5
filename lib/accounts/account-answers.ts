// One answer from several accounts' answers: each account is read with its own credentials, and the answer
// says per account what it covers ("2 of 3 accounts read; Acquired Co waits for its rate limit"). Pure.
import { z } from "zod";
import { decodeCursor, encodeCursor } from "@/lib/platform/cursor";
import type { RowAccount } from "@/lib/accounts/row-account";

/** What one answer covers of one account. */
export interface AccountCoverage {
  id: string;
  name: string;
  /** Every row of the account is in this answer or an earlier one of its cursor. */
  complete: boolean;
  /** Rows of this account in this answer. */
  rows: number;
  /** Its rate limit stopped it: the seconds until it has room. */
  retryAfterSeconds?: number;
  /** Why it could not be read at all (no secret in it). */
  error?: string;
}

/** The paged answer every account listing shares. */
export interface PagedAnswer {
  complete: boolean;
  cursor?: string;
  totalCount?: number;
  retryAfterSeconds?: number;
}

export interface AccountPart<A> {
  /** The entry's key and what it names its account (id, name) when it has one of its own. */
  entry: { key: string; id?: string; name?: string };
  answer?: A;
  error?: { message: string; retryAfterSeconds?: number };
  /** The cursor this part was read with: a part stopped before answering resumes from it. */
  cursorIn?: string;
}

const ACCOUNTS_CURSOR = "accounts";

/** Each entry's own cursor out of a cursor of several accounts (null: that account is done). */
export function splitAccountsCursor(cursor: string | undefined): Record<string, string | null> | undefined {
  if (cursor === undefined) return undefined;
  return decodeCursor(ACCOUNTS_CURSOR, { parts: z.record(z.string().max(64), z.string().max(1800).nullable()) }, cursor).parts;
}

/**
 * The merged answer: rows of every account (grouped by account, in configuration order), complete only when every
 * account is, a cursor holding each unfinished account's own, and `accounts` saying what each covers.
 */
export function mergeAccountParts<A extends PagedAnswer, Row extends { account?: RowAccount }>(
  parts: readonly AccountPart<A>[],
  rowsOf: (answer: A) => readonly Row[],
  /** The account asked for: an entry that may reach it but read none of it has nothing to say of it. */
  accountId?: string,
): { rows: Row[]; complete: boolean; cursor?: string; totalCount?: number; retryAfterSeconds?: number; accounts: AccountCoverage[] } {
  const rows: Row[] = [];
  const cursors: Record<string, string | null> = {};
  const accounts: AccountCoverage[] = [];
  const totalCount = sumPartTotals(parts, "totalCount");
  let retryAfterSeconds: number | undefined;
  for (const part of parts) {
    const answer = part.answer;
    rows.push(...(answer ? rowsOf(answer) : []));
    const complete = answer?.complete === true;
    const wait = waitOf(part);
    if (wait !== undefined) retryAfterSeconds = Math.min(retryAfterSeconds ?? wait, wait);
    // A part that failed outright is not retried by the cursor (it would fail again): its coverage says why.
    cursors[part.entry.key] =
      complete || (part.error && part.error.retryAfterSeconds === undefined) ? null : (answer?.cursor ?? part.cursorIn ?? "");
    accounts.push(...partCoverage(part, rowsOf, accountId));
  }
  const complete = accounts.every((account) => account.complete);
  const unfinished = Object.values(cursors).some((cursor) => cursor !== null);
  return {
    rows,
    complete,
    ...(unfinished ? { cursor: encodeCursor(ACCOUNTS_CURSOR, { parts: cursors }) } : {}),
    ...(totalCount !== undefined ? { totalCount } : {}),
    ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
    accounts,
  };
}

/**
 * An account-wide total of the parts (zones listed, zones to audit): their sum, known only when every part answered
 * with it. A part that failed has none, so the total is unknown, never the other accounts' total passed off as all.
 */
export function sumPartTotals<A>(parts: readonly AccountPart<A>[], key: keyof A & string): number | undefined {
  let sum = 0;
  for (const part of parts) {
    const total = part.answer?.[key];
    if (typeof total !== "number") return undefined;
    sum += total;
  }
  return sum;
}

const waitOf = <A extends PagedAnswer>(part: AccountPart<A>) => part.answer?.retryAfterSeconds ?? part.error?.retryAfterSeconds;

/**
 * What one part covers, as mergeAccountParts says it (`accountId`: the account asked for). One account's answer needs
 * only this: its rows, cursor and totals are its own.
 */
export function partCoverage<A extends PagedAnswer, Row extends { account?: RowAccount }>(
  part: AccountPart<A>,
  rowsOf: (answer: A) => readonly Row[],
  accountId?: string,
): AccountCoverage[] {
  const lines = coverage(part, part.answer ? rowsOf(part.answer) : [], part.answer?.complete === true, waitOf(part));
  return accountId === undefined ? lines : lines.filter((line) => line.id === accountId || !line.complete);
}

/** One line per account the part's rows name; an entry that named none yet is one line for the entry. */
function coverage<A>(part: AccountPart<A>, rows: readonly { account?: RowAccount }[], complete: boolean, wait?: number): AccountCoverage[] {
  // One pass over the rows (a cached answer's 100 are counted on every view); a row naming no account is the entry's own,
  // so it counts on every line.
  const named = new Map<string, { account: RowAccount; rows: number }>();
  let unnamed = 0;
  for (const { account } of rows) {
    const seen = account && named.get(account.id);
    if (seen) seen.rows++;
    else if (account) named.set(account.id, { account, rows: 1 });
    else unnamed++;
  }
  const lines = named.size
    ? [...named.values()]
    : [{ account: { id: part.entry.id ?? "", name: part.entry.name ?? part.entry.key }, rows: 0 }];
  return lines.map(({ account, rows: own }) => ({
    id: account.id,
    name: account.name,
    complete: complete && !part.error,
    rows: own + unnamed,
    ...(wait !== undefined ? { retryAfterSeconds: wait } : {}),
    ...(part.error ? { error: part.error.message } : {}),
  }));
}
