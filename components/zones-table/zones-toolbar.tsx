"use client";
import { Facet } from "@/components/data-table/facet";

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
      <label className="flex flex-col text-xs font-medium text-slate-600">
        Zone name
        <input
          type="search"
          // Uncontrolled, so typing never waits for the URL round trip; the URL seeds it on load.
          defaultValue={filters.q ?? ""}
          placeholder="Filter by name"
          onChange={(event) => onChange({ q: event.target.value })}
          className="mt-1 w-64 rounded border border-slate-300 px-2 py-1.5 text-sm text-slate-900"
        />
      </label>
      <Facet label="Plan" value={filters.plan} options={PLANS} onChange={(plan) => onChange({ plan })} />
      <Facet label="Status" value={filters.status} options={STATUSES} onChange={(status) => onChange({ status })} />
    </div>
  );
}
