"use client";
import { Facet } from "@/components/data-table/facet";
import { SearchFilter } from "@/components/data-table/search-filter";
import { MIGRATION_VERDICT_LABELS } from "@/components/migration/verdict-badge";

export interface ZoneFilters {
  q?: string;
  plan?: string;
  verdict?: string;
  state?: string;
}

const PLANS = ["free", "pro", "business", "enterprise"];
const VERDICTS = Object.entries(MIGRATION_VERDICT_LABELS);

export function ZonesToolbar({
  filters,
  states,
  onChange,
}: {
  filters: ZoneFilters;
  /** The migration states present in the account (the platform documents only `start`). */
  states: string[];
  onChange: (patch: ZoneFilters) => void;
}) {
  return (
    <div role="search" className="flex flex-wrap items-end gap-3">
      <SearchFilter label="Zone name" placeholder="Filter by name" value={filters.q} onChange={(q) => onChange({ q })} />
      <Facet label="Plan" value={filters.plan} options={PLANS} onChange={(plan) => onChange({ plan })} />
      <Facet label="Verdict" value={filters.verdict} options={VERDICTS} onChange={(verdict) => onChange({ verdict })} />
      <Facet label="State" value={filters.state} options={states} onChange={(state) => onChange({ state })} />
    </div>
  );
}
