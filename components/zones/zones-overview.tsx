"use client";
// Account overview: how many zones per verdict, plan and migration state. Each count filters the table.
import { PartialCount } from "@/components/data-table/coverage";
import { MIGRATION_VERDICT_LABELS } from "@/components/zones/verdict-badge";
import type { Coverage } from "@/lib/client/coverage";
import type { MigrationVerdict } from "@/lib/migration/eligibility";
import type { MigrationRow } from "@/lib/migration/zone-assessment";
import { Button } from "@/components/ui/button";
import type { ZoneFilters } from "@/components/zones/table/zones-toolbar";

function countBy(zones: MigrationRow[], key: (zone: MigrationRow) => string): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const zone of zones) counts.set(key(zone), (counts.get(key(zone)) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1]);
}

export function ZonesOverview(props: {
  zones: MigrationRow[];
  coverage: Coverage;
  active: ZoneFilters;
  onFilter: (patch: ZoneFilters) => void;
}) {
  const groups = [
    {
      name: "verdict" as const,
      title: "By verdict",
      counts: countBy(props.zones, (z) => z.verdict),
      label: (v: string) => MIGRATION_VERDICT_LABELS[v as MigrationVerdict],
    },
    { name: "plan" as const, title: "By plan", counts: countBy(props.zones, (z) => z.plan), label: (v: string) => v },
    { name: "state" as const, title: "By state", counts: countBy(props.zones, (z) => z.migrationState), label: (v: string) => v },
  ];
  return (
    <div className="grid gap-3 md:grid-cols-3" data-testid="zones-overview">
      {groups.map((group) => (
        <section key={group.name} aria-label={group.title} className="rounded-lg border border-slate-200 bg-white p-3">
          <h2 className="mb-2 text-xs font-semibold text-slate-600">{group.title}</h2>
          <ul className="flex flex-wrap gap-2">
            {group.counts.map(([value, count]) => {
              const pressed = props.active[group.name] === value;
              return (
                <li key={value}>
                  <Button
                    size="sm"
                    variant={pressed ? "selected" : "secondary"}
                    aria-pressed={pressed}
                    onClick={() => props.onFilter({ [group.name]: pressed ? undefined : value })}
                  >
                    <span className="capitalize">{group.label(value)}</span>{" "}
                    <span className="font-semibold">
                      <PartialCount count={count} coverage={props.coverage} />
                    </span>
                  </Button>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
