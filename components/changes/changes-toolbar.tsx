"use client";
// The view's filters, kept in the URL: the account, since (a day, or a preset) and the kind of change.
import { CHANGE_LABELS } from "@/components/changes/labels";
import { AccountFilter, offersAccountChoice } from "@/components/accounts/account-filter";
import { Facet } from "@/components/data-table/facet";
import type { RowAccount } from "@/lib/accounts/row-account";
import { Button } from "@/components/ui/button";
import { CHANGE_KINDS } from "@/lib/changes/kinds";

export interface ChangeFilters {
  since?: string;
  kind?: string;
  account?: string;
}

const DAY_MS = 86_400_000;
const PRESETS = [
  ["1", "Last 24 hours"],
  ["7", "Last 7 days"],
  ["30", "Last 30 days"],
] as const;

/** The day `days` ago (UTC), as the `since` the API reads. */
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);

export function ChangesToolbar({
  filters,
  accounts,
  onChange,
}: {
  filters: ChangeFilters;
  /** Every account Preflight reads: the filter is offered once there is a choice. */
  accounts: readonly RowAccount[];
  onChange: (patch: ChangeFilters) => void;
}) {
  return (
    <div role="search" className="flex flex-wrap items-end gap-3">
      {offersAccountChoice(filters.account, accounts) && (
        <AccountFilter value={filters.account} accounts={accounts} onChange={(account) => onChange({ account })} />
      )}
      <label className="flex flex-col text-xs font-medium text-slate-600">
        Since (UTC day)
        <input
          type="date"
          value={filters.since?.slice(0, 10) ?? ""}
          onChange={(event) => onChange({ since: event.target.value || undefined })}
          className="mt-1 rounded border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900"
        />
      </label>
      <div className="flex gap-1" role="group" aria-label="Since presets">
        {PRESETS.map(([days, label]) => (
          <Button key={days} size="sm" onClick={() => onChange({ since: daysAgo(Number(days)) })}>
            {label}
          </Button>
        ))}
        <Button size="sm" onClick={() => onChange({ since: undefined })}>
          All
        </Button>
      </div>
      <Facet
        label="Change"
        value={filters.kind}
        options={CHANGE_KINDS.map((k) => [k, CHANGE_LABELS[k]])}
        onChange={(kind) => onChange({ kind })}
      />
    </div>
  );
}
