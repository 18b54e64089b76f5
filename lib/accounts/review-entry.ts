// Which configured entry executes a review: the one it was planned with, never another's credentials.
import { NotFoundError } from "@/lib/errors/not-found-error";
import type { AccountEntry } from "@/lib/accounts/account-entries";

/** The review's entry; a review from before reviews named one is the first entry's (then the only one). */
export function reviewEntry(review: { entry?: string }, entries: readonly AccountEntry[]): AccountEntry {
  const entry = review.entry === undefined ? entries[0] : entries.find((candidate) => candidate.key === review.entry);
  if (!entry) throw new NotFoundError(`The review's account (${review.entry}) is no longer configured: it cannot be executed`);
  return entry;
}
