// Reads what the Settings page's Accounts table shows: the accounts each entry reaches (GET /accounts for an entry
// without an id, kept a few minutes) and each entry's own rate limits. Errors are redacted; a failure shows less.
import "server-only";
import { configuredAccounts, type AccountsAnswer } from "@/lib/accounts/configured-accounts";
import { entrySummaries, type EntrySummary } from "@/lib/accounts/entry-summary";
import { getConfig, redactSecrets } from "@/lib/config";
import { openPlatform, rateLimitUse } from "@/lib/platform/open-platform";
import type { RateLimitUse } from "@/lib/platform/rate-limit-keeper";

export async function readEntrySummaries(): Promise<EntrySummary[]> {
  const entries = getConfig().accounts;
  let answer: AccountsAnswer | undefined;
  try {
    const read = await configuredAccounts(entries, (entry) => openPlatform(undefined, undefined, undefined, "Settings", entry));
    answer = { ...read, unread: read.unread.map((part) => ({ ...part, error: redactSecrets(part.error) })) };
  } catch {
    answer = undefined;
  }
  const uses = new Map<string, RateLimitUse[]>();
  await Promise.all(entries.map(async (entry) => uses.set(entry.key, await rateLimitUse(entry).catch(() => []))));
  return entrySummaries(entries, answer, (entry) => uses.get(entry.key) ?? []);
}
