"use client";
// How the account's zones map: zones per previous sensitivity and action, as a chart and as a table
// (the chart's text alternative). Zones already migrated have no previous setting to map. With several accounts,
// every account's zones by default, or one account's through the filter in the URL (as on Zones).
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { CoverageNote, PARTIAL_CHART_STYLE, PartialCount, RateLimitWait } from "@/components/data-table/coverage";
import { ErrorState, LoadingState, ProgressBar } from "@/components/data-table/states";
import { useZones } from "@/components/zones/use-zones";
import { AccountCoverageLine } from "@/components/accounts/account-coverage";
import { AccountFilter, offersAccountChoice, useKnownAccounts } from "@/components/accounts/account-filter";
import { useAccountFilter } from "@/components/accounts/use-account-filter";
import type { RowAccount } from "@/lib/accounts/row-account";
import { isExact } from "@/lib/client/coverage";
import { mapSensitivity } from "@/lib/migration/sensitivity-mapping";
import type { MigrationRow } from "@/lib/migration/zone-assessment";
import { isUnknown } from "@/lib/migration/unknown-parts";

/** Every row a zone can fall in: absent sensitivity counts as Default, values outside the table as unknown. */
const SENSITIVITIES = ["high", "medium", "low", "default", "off", "unknown"] as const;
const ACTIONS = ["simulate", "block", "challenge", "other"] as const;
const ACTION_HEADERS: Record<(typeof ACTIONS)[number], string> = {
  simulate: "Simulate",
  block: "Block",
  challenge: "Challenge",
  other: "Other",
};

function actionOf(zone: MigrationRow): (typeof ACTIONS)[number] {
  const action = (zone.oldAction ?? "challenge").toLowerCase();
  return (ACTIONS as readonly string[]).includes(action) ? (action as (typeof ACTIONS)[number]) : "other";
}

function distribution(zones: MigrationRow[]) {
  return SENSITIVITIES.map((sensitivity) => {
    const target = sensitivity === "unknown" ? undefined : mapSensitivity(sensitivity);
    const row: Record<string, string | number> = {
      sensitivity,
      target: target
        ? `PL${target.paranoiaLevel}, threshold ${target.scoreThreshold}`
        : sensitivity === "off"
          ? "not deployed (rule set off)"
          : "not in the table: check by hand",
    };
    for (const action of ACTIONS) row[action] = zones.filter((z) => z.sensitivityRow === sensitivity && actionOf(z) === action).length;
    return row;
  });
}

/** Whose zones the figures count: the account chosen, every account read, or the only one. */
function scopeName(account: string | null, known: readonly RowAccount[]): string {
  if (account) return known.find((candidate) => candidate.id === account)?.name ?? "This account";
  return known.length > 1 ? "All accounts" : "This account";
}

export function MappingDistribution() {
  const [account, setAccount] = useAccountFilter();
  const { zones, coverage, accounts, loaded, totalCount, settled, resumeAt, error, isLoading, refetch } = useZones(undefined, account);
  const knownAccounts = useKnownAccounts(accounts);
  if (error) return <ErrorState title="The zones could not be loaded" message={error.message} onRetry={() => void refetch()} />;
  if (isLoading) return <LoadingState label="Loading zones…" />;
  const rows = distribution(zones as MigrationRow[]);
  const mapped = (zones as MigrationRow[]).filter((z) => z.sensitivityRow !== null).length;
  // Zones whose previous version's API is retired: their sensitivity is unknown, counted apart, never as "off".
  const unknown = (zones as MigrationRow[]).filter((z) => isUnknown(z, "packages") && z.verdict !== "failed").length;
  return (
    <section aria-labelledby="distribution-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="distribution-heading" className="font-semibold">
          {scopeName(account, knownAccounts)}: <PartialCount count={mapped} coverage={coverage} testId="mapped-count" /> zones with a
          previous core rule set
        </h2>
        {offersAccountChoice(account, knownAccounts) && (
          <AccountFilter value={account} accounts={knownAccounts} onChange={(next) => void setAccount(next ?? null)} />
        )}
      </div>
      <AccountCoverageLine accounts={accounts} noun="zones" testId="mapping-accounts" />
      {!settled && <ProgressBar label="Loading zones" done={loaded} total={totalCount} />}
      <RateLimitWait resumeAt={resumeAt} what="the zones scan" />
      <CoverageNote coverage={coverage} testId="mapping-coverage" />
      {unknown > 0 && (
        <p className="mt-1 text-sm text-slate-600" data-testid="distribution-unknown">
          {unknown} zone{unknown === 1 ? "" : "s"} not counted: the previous version&apos;s API is retired for{" "}
          {unknown === 1 ? "it" : "them"}, so the previous sensitivity and action are unknown.
        </p>
      )}
      <div className="mt-3 h-72" aria-hidden="true" style={isExact(coverage) ? undefined : PARTIAL_CHART_STYLE}>
        <ResponsiveContainer width="100%" height="100%">
          {/* The table below is the text alternative: the chart is hidden from assistive tech and takes no focus. No
              animation: the bars grow as each page of zones arrives, and every change would replay it. */}
          <BarChart accessibilityLayer={false} data={rows}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="sensitivity" />
            <YAxis allowDecimals={false} />
            <Tooltip />
            <Legend />
            <Bar dataKey="simulate" stackId="a" isAnimationActive={false} fill="#94a3b8" name="Simulate → Log" />
            <Bar dataKey="block" stackId="a" isAnimationActive={false} fill="#dc2626" name="Block → Block" />
            <Bar dataKey="challenge" stackId="a" isAnimationActive={false} fill="#2563eb" name="Challenge → Challenge" />
            <Bar dataKey="other" stackId="a" isAnimationActive={false} fill="#f59e0b" name="Other action → check by hand" />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <table className="mt-3 w-full text-sm" data-testid="distribution-table">
        <caption className="sr-only">Zones by previous sensitivity and action</caption>
        <thead className="text-left text-xs font-semibold text-slate-600">
          <tr>
            <th>Sensitivity</th>
            <th>Maps to</th>
            {ACTIONS.map((a) => (
              <th key={a}>{ACTION_HEADERS[a]}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.sensitivity} className="border-t border-slate-100">
              <td className="capitalize">{row.sensitivity}</td>
              <td>{row.target}</td>
              {ACTIONS.map((a) => (
                <td key={a}>
                  <PartialCount count={Number(row[a])} coverage={coverage} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
