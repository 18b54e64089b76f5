"use client";
import { Facet } from "@/components/data-table/facet";
import { SearchFilter } from "@/components/data-table/search-filter";

export interface ZoneFilters {
  q?: string;
  plan?: string;
  status?: string;
}

const PLANS = ["free", "pro", "business", "enterprise"];
const STATUSES = ["active", "pending", "initializing", "moved"];

export function ZonesToolbar({
  filters,
  onChange,
}: {
  filters: ZoneFilters;
  onChange: (patch: ZoneFilters) => void;
}) {
  return (
    <div role="search" className="flex flex-wrap items-end gap-3">
      <SearchFilter label="Zone name" placeholder="Filter by name" value={filters.q} onChange={(q) => onChange({ q })} />
      <Facet label="Plan" value={filters.plan} options={PLANS} onChange={(plan) => onChange({ plan })} />
      <Facet label="Status" value={filters.status} options={STATUSES} onChange={(status) => onChange({ status })} />
    </div>
  );
}
