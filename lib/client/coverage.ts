// What a count on a page covers while a listing is still being read: "190 of 240 zones read", and a
// count that may still grow shown as at least so many, never a bare 0 for what was not read. With several
// accounts, one not read leaves every figure partial: "30 zones read; 1 of 3 accounts not read in full: Acquired Co". Pure.
import { formatCount } from "@/lib/client/format";

/** Accounts a listing of several stopped short of (failed, or waiting for their rate limit): their rows are missing. */
export interface AccountsNotRead {
  names: readonly string[];
  /** How many accounts the listing reads. */
  of: number;
}

export interface Coverage {
  /** Items read so far (zones scanned, zones audited), the failed ones included. */
  read: number;
  /** How many the account has, once the server knows it. */
  total?: number;
  complete: boolean;
  /** Of `read`, how many could not be read (failed zones): their part of every count is unknown. */
  failed?: number;
  /** Plural noun of what is counted: "zones". */
  noun: string;
  /** With several accounts: those not read in full. Said in every partial figure, since no total includes them. */
  accountsNotRead?: AccountsNotRead;
}

/** Every item read and none failed: only then is a count exact. */
export function isExact(coverage: Coverage): boolean {
  return coverage.complete && !coverage.failed;
}

/**
 * "All 240 zones read", "190 of 240 zones read", "240 of 240 zones read, 2 failed", the total not known yet, or
 * which accounts are missing: "30 zones read; 1 of 3 accounts not read in full: Acquired Co".
 */
export function coverageLabel({ read, total, complete, failed = 0, noun, accountsNotRead }: Coverage): string {
  const failures = failed > 0 ? `, ${failed} failed` : "";
  if (complete && failed === 0) return `All ${read} ${noun} read`;
  if (complete) return `${read} of ${read} ${noun} read${failures}`;
  const counted = total === undefined ? `${read} ${noun} read${failures}` : `${read} of ${total} ${noun} read${failures}`;
  // The missing accounts are why the total is unknown (or short): named, rather than "not known yet".
  if (accountsNotRead && accountsNotRead.names.length > 0) return `${counted}; ${accountsNotReadWords(accountsNotRead)}`;
  if (total === undefined) return `${counted}; the account's total is not known yet`;
  return counted;
}

/** "1 of 3 accounts not read in full: Acquired Co". */
export function accountsNotReadWords({ names, of }: AccountsNotRead): string {
  return `${names.length} of ${of} account${of === 1 ? "" : "s"} not read in full: ${names.join(", ")}`;
}

/**
 * A table's count line: "Showing 12 of 30 zones", and while rows may be missing "Showing 12 of at least 30 zones
 * (30 zones read; 1 of 3 accounts not read in full: Acquired Co)". `rowsAreRead`: each item `read` counts is a row
 * (a failed zone is still listed), so only an unfinished listing misses rows; else (certificates of zones) a failed
 * item's rows are missing too, and the words say what the rows come from.
 */
export function showingLabel(shown: number, listed: number, noun: string, coverage: Coverage | undefined, rowsAreRead: boolean): string {
  if (!coverage || isExact(coverage)) return `Showing ${shown} of ${listed} ${noun}`;
  const missing = rowsAreRead ? !coverage.complete : true;
  return `Showing ${shown} of ${missing ? "at least " : ""}${listed} ${noun} (${rowsAreRead ? "" : "from "}${coverageLabel(coverage)})`;
}

/** A count over what was read: exact when it is; "12+" while it may grow; "—" for a 0 not yet known. */
export function partialCount(count: number, exact: boolean): string {
  if (exact) return formatCount(count);
  return count === 0 ? "—" : `${formatCount(count)}+`;
}

/** The hover and screen-reader text of a partial count: what it is at least, and over how much. */
export function partialCountTitle(count: number, coverage: Coverage): string | undefined {
  if (isExact(coverage)) return undefined;
  const over = coverageLabel(coverage);
  return count === 0 ? `None found yet: ${over}` : `At least ${formatCount(count)}: ${over}`;
}
