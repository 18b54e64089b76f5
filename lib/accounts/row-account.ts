// The account a row belongs to, as every row Preflight shows or exports names it: the platform's account of the
// zone, named as the configuration names it (an entry for one account id) or else as the platform does.
import type { AccountEntry } from "@/lib/accounts/account-entries";

export interface RowAccount {
  id: string;
  name: string;
}

export function rowAccount(
  entry: Pick<AccountEntry, "key" | "id" | "name">,
  zone: { accountId?: string; accountName?: string },
): RowAccount {
  const id = zone.accountId || entry.id || "";
  const configured = entry.id !== undefined && entry.id === id ? entry.name : undefined;
  return { id, name: configured ?? (zone.accountName || entry.name || entry.key) };
}

/** An entry's own account, when it is configured for one (no id: its credential may reach several, so none is assumed). */
export function entryAccount(entry: Pick<AccountEntry, "key" | "id" | "name">): RowAccount | undefined {
  return entry.id ? { id: entry.id, name: entry.name ?? entry.key } : undefined;
}
