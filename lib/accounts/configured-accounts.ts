// Every account the configuration reaches, for the account filter of every page: an entry's own account as
// configured, or each account its credentials reach (read once, then kept a few minutes).
import "server-only";
import type { AccountEntry } from "@/lib/config-schema";
import type { PlatformClient } from "@/lib/platform/client";
import { listAccounts } from "@/lib/platform/accounts";
import type { RowAccount } from "@/lib/accounts/row-account";
import { processState } from "@/lib/process-state";

export interface ConfiguredAccount extends RowAccount {
  /** The configured entry (PREFLIGHT_ACCOUNTS' key) whose credentials read it. */
  entry: string;
}

export interface AccountsAnswer {
  accounts: ConfiguredAccount[];
  /** Entries whose accounts could not be listed, with why (no secret): their accounts are missing from the list. */
  unread: Array<{ entry: string; error: string }>;
}

const KEEP_MS = 5 * 60_000;
const reached = processState("configured-accounts.reached", () => new Map<string, { accounts: RowAccount[]; at: number }>());

export async function configuredAccounts(
  entries: readonly AccountEntry[],
  platformFor: (entry: AccountEntry) => PlatformClient,
  now = Date.now(),
): Promise<AccountsAnswer> {
  const answer: AccountsAnswer = { accounts: [], unread: [] };
  const parts = await Promise.all(
    entries.map(async (entry) => {
      if (entry.id) return { entry, accounts: [{ id: entry.id, name: entry.name ?? entry.key }] };
      const kept = reached.get(entry.key);
      if (kept && now - kept.at < KEEP_MS) return { entry, accounts: kept.accounts };
      try {
        const { accounts } = await listAccounts(platformFor(entry));
        reached.set(entry.key, { accounts, at: now });
        return { entry, accounts };
      } catch (error) {
        return { entry, error: error instanceof Error ? error.message : "The accounts could not be listed." };
      }
    }),
  );
  for (const part of parts) {
    if ("error" in part) answer.unread.push({ entry: part.entry.key, error: part.error! });
    else for (const account of part.accounts) answer.accounts.push({ ...account, entry: part.entry.key });
  }
  return answer;
}
