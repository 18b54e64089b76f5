"use client";
import { AccountFilter, offersAccountChoice } from "@/components/accounts/account-filter";
import { Facet } from "@/components/data-table/facet";
import { SearchFilter } from "@/components/data-table/search-filter";
import { MIGRATION_VERDICT_LABELS } from "@/components/zones/verdict-badge";
import type { RowAccount } from "@/lib/accounts/row-account";

/** What the toolbar shows (from the URL) and what it asks to change: a value, or undefined for "All". */
export type ZoneFilters = Partial<Record<"q" | "plan" | "verdict" | "state" | "account", string | null>>;

const PLANS = ["free", "pro", "business", "enterprise"];
const VERDICTS = Object.entries(MIGRATION_VERDICT_LABELS);

export function ZonesToolbar({
  filters,
  states,
  accounts,
  onChange,
}: {
  filters: ZoneFilters;
  /** The migration states present in the account (the platform documents only `start`). */
  states: string[];
  /** The accounts the listing named: the filter is offered once there is a choice. */
  accounts: readonly RowAccount[];
  onChange: (patch: ZoneFilters) => void;
}) {
  return (
    <div role="search" className="flex flex-wrap items-end gap-3">
      {offersAccountChoice(filters.account, accounts) && (
        <AccountFilter value={filters.account} accounts={accounts} onChange={(account) => onChange({ account })} />
      )}
      <SearchFilter label="Zone name" placeholder="Filter by name" value={filters.q} onChange={(q) => onChange({ q })} />
      <Facet label="Plan" value={filters.plan} options={PLANS} onChange={(plan) => onChange({ plan })} />
      <Facet label="Verdict" value={filters.verdict} options={VERDICTS} onChange={(verdict) => onChange({ verdict })} />
      <Facet label="State" value={filters.state} options={states} onChange={(state) => onChange({ state })} />
    </div>
  );
}
