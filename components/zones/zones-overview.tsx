"use client";
// Account overview: how many zones per verdict, plan and migration state, and per account when there are several.
// Each count filters the table (an account's, the listing itself: the server reads only that account).
import { PartialCount } from "@/components/data-table/coverage";
import { MIGRATION_VERDICT_LABELS } from "@/components/zones/verdict-badge";
import type { Coverage } from "@/lib/client/coverage";
import type { MigrationVerdict } from "@/lib/migration/eligibility";
import type { MigrationRow } from "@/lib/migration/zone-assessment";
import { Button } from "@/components/ui/button";
import type { ZoneFilters } from "@/components/zones/table/zones-toolbar";
import type { AccountCoverage } from "@/lib/accounts/account-answers";

function countBy(zones: MigrationRow[], key: (zone: MigrationRow) => string): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const zone of zones) counts.set(key(zone), (counts.get(key(zone)) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1]);
}

interface Group {
  name: keyof ZoneFilters;
  title: string;
  counts: Array<[string, number]>;
  label: (value: string) => string;
  /** What one count covers, when not the whole listing's coverage (an account read in full is exact). */
  coverageOf?: (value: string) => Coverage;
}

export function ZonesOverview(props: {
  zones: MigrationRow[];
  coverage: Coverage;
  /** What the listing covers of each account: its names, and a group of their own when there are several. */
  accounts: readonly AccountCoverage[];
  active: ZoneFilters;
  onFilter: (patch: ZoneFilters) => void;
}) {
  const groups: Group[] = [
    {
      name: "verdict",
      title: "By verdict",
      counts: countBy(props.zones, (z) => z.verdict),
      label: (v: string) => MIGRATION_VERDICT_LABELS[v as MigrationVerdict],
    },
    { name: "plan", title: "By plan", counts: countBy(props.zones, (z) => z.plan), label: (v: string) => v },
    { name: "state", title: "By state", counts: countBy(props.zones, (z) => z.migrationState), label: (v: string) => v },
  ];
  const named = props.accounts.filter((account) => account.id);
  if (named.length > 1 || (props.active.account && named.length > 0)) {
    const counts = countBy(props.zones, (z) => z.account.id);
    // An account read so far without a zone still has its line: "—" while unread, never dropped.
    for (const account of named) if (!counts.some(([id]) => id === account.id)) counts.push([account.id, 0]);
    const byId = new Map(named.map((account) => [account.id, account]));
    const coverageOf = (id: string): Coverage => {
      const account = byId.get(id);
      const failed = props.zones.filter((z) => z.account.id === id && z.verdict === "failed").length;
      return account ? { read: account.rows, complete: account.complete, failed, noun: "zones" } : props.coverage;
    };
    groups.unshift({ name: "account", title: "By account", counts, label: (id) => byId.get(id)?.name ?? id, coverageOf });
  }
  return (
    <div className={`grid gap-3 ${groups.length > 3 ? "md:grid-cols-4" : "md:grid-cols-3"}`} data-testid="zones-overview">
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
                    <span className={group.name === "account" ? "" : "capitalize"} title={group.name === "account" ? value : undefined}>
                      {group.label(value)}
                    </span>{" "}
                    <span className="font-semibold">
                      <PartialCount count={count} coverage={group.coverageOf?.(value) ?? props.coverage} />
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
