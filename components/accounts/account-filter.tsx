"use client";
// The account filter every listing page shares: "All accounts" or one account, kept in the URL by the page,
// which passes it to its JSON operation (the server filters). It offers every account the page has seen.
import { useState } from "react";
import { accountOptions } from "@/lib/accounts/account-filter";
import type { RowAccount } from "@/lib/accounts/row-account";

/**
 * The accounts a page's answers named so far: an answer filtered to one account names only it, so the others stay
 * offered once seen. Reset with the page.
 */
export function useKnownAccounts(named: readonly RowAccount[] | undefined): RowAccount[] {
  const [known, setKnown] = useState<RowAccount[]>([]);
  const merged = accountOptions(known, named);
  // Set during render, React's way to keep state derived from props: only when a new account was named.
  if (merged.length !== known.length) setKnown(merged);
  return merged;
}

export function AccountFilter(props: {
  /** The account id in the URL; null for every account. */
  value: string | null | undefined;
  accounts: readonly RowAccount[];
  onChange: (account: string | undefined) => void;
}) {
  // A shared link's account the answers have not named yet is still shown as chosen, by its id.
  const options =
    props.value && !props.accounts.some((a) => a.id === props.value)
      ? [...props.accounts, { id: props.value, name: props.value }]
      : props.accounts;
  return (
    <label className="flex flex-col text-xs font-medium text-slate-600">
      Account
      <select
        value={props.value ?? ""}
        onChange={(event) => props.onChange(event.target.value || undefined)}
        className="mt-1 max-w-64 rounded border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900"
        data-testid="account-filter"
      >
        <option value="">All accounts</option>
        {options.map((account) => (
          <option key={account.id} value={account.id} title={account.id}>
            {account.name}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Shown when there is a choice to make: several accounts seen, or one chosen in the URL. */
export function offersAccountChoice(value: string | null | undefined, accounts: readonly RowAccount[]): boolean {
  return Boolean(value) || accounts.length > 1;
}
