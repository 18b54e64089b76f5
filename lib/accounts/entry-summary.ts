// One line per configured account entry for the Settings page: its key, the accounts it reads, its kind of
// credential (never the secret) and what its own rate limits hold now. Pure: the page gives it what it read.
import type { AccountEntry } from "@/lib/accounts/account-entries";
import type { AccountsAnswer } from "@/lib/accounts/configured-accounts";
import type { RateLimitUse } from "@/lib/platform/rate-limit-keeper";

export interface EntrySummary {
  key: string;
  /** "Security (0123…)" per account; or why they could not be listed. */
  accounts: string;
  credential: string;
  rateLimits: string;
}

export function credentialKind(entry: Pick<AccountEntry, "credentials">): string {
  return entry.credentials.kind === "token" ? "API token (Bearer)" : "Legacy pair: e-mail and global API key";
}

/** "1,190 of 1,200 left per 300 s" per limit; "paused until …" after a 429. */
export function rateLimitWords(uses: readonly RateLimitUse[]): string {
  return uses
    .map((use) => {
      const paused = use.pausedUntil ? `, paused until ${use.pausedUntil}` : "";
      return `${use.limit}: ${Math.floor(use.available)} of ${use.requests} left per ${use.windowSeconds} s${paused}`;
    })
    .join(" · ");
}

export function entrySummaries(
  entries: readonly AccountEntry[],
  answer: AccountsAnswer | undefined,
  usesOf: (entry: AccountEntry) => readonly RateLimitUse[],
): EntrySummary[] {
  return entries.map((entry) => {
    const unread = answer?.unread.find((part) => part.entry === entry.key);
    const reached = answer?.accounts.filter((account) => account.entry === entry.key) ?? [];
    const accounts = unread
      ? `not listed: ${unread.error}`
      : reached.length
        ? reached.map((account) => `${account.name} (${account.id})`).join(", ")
        : entry.id
          ? `${entry.name ?? entry.key} (${entry.id})`
          : "every account the credential reaches";
    return { key: entry.key, accounts, credential: credentialKind(entry), rateLimits: rateLimitWords(usesOf(entry)) };
  });
}
