"use client";
// The zones running both versions (verdict `validation`) and, for the one chosen, the comparison.
// Zone, window and drill-down filters live in the URL, so a link in a review opens the same view.
import { CoverageNote, PartialCount, RateLimitWait } from "@/components/data-table/coverage";
import { ErrorState, LoadingState, ProgressBar } from "@/components/data-table/states";
import { fromInputs } from "@/components/data-table/search-params";
import { useZones } from "@/components/zones/use-zones";
import { coverageLabel, isExact } from "@/lib/client/coverage";
import type { MigrationRow } from "@/lib/migration/zone-assessment";
import { validationSearchParams, type ValidationInputs } from "./search-params";
import { ZoneComparison } from "./zone-comparison";
import { buttonClass } from "@/components/ui/button";
import Link from "next/link";
import { createSerializer, useQueryStates } from "nuqs";
import { AccountFilter, offersAccountChoice, useKnownAccounts } from "@/components/accounts/account-filter";
import { AccountCoverageLine } from "@/components/accounts/account-coverage";

/** The page's URL with a view: a zone's choice is a link, so it can be opened in a new tab, and it never waits on a queued URL update. */
const viewUrl = createSerializer(validationSearchParams);

export function ValidationView() {
  const [view, setUrl] = useQueryStates(validationSearchParams);
  const setView = (inputs: ValidationInputs) => void setUrl(fromInputs(validationSearchParams, inputs));
  const { zones, coverage, loaded, totalCount, settled, resumeAt, error, isLoading, refetch, accounts } = useZones(undefined, view.account);
  const knownAccounts = useKnownAccounts(accounts);
  if (error) return <ErrorState title="The zones could not be loaded" message={error.message} onRetry={() => void refetch()} />;
  if (isLoading) return <LoadingState label="Loading zones…" />;
  const inValidation = (zones as MigrationRow[]).filter((zone) => zone.verdict === "validation");
  const chosen = inValidation.find((z) => z.id === view.zone);
  const several = knownAccounts.length > 1;

  return (
    <div className="flex flex-col gap-4">
      {offersAccountChoice(view.account, knownAccounts) && (
        <AccountFilter value={view.account} accounts={knownAccounts} onChange={(account) => setView({ account, zone: null })} />
      )}
      <AccountCoverageLine accounts={accounts} noun="zones" testId="validation-accounts" />
      {!settled && <ProgressBar label="Loading zones" done={loaded} total={totalCount} />}
      <RateLimitWait resumeAt={resumeAt} what="the zones scan" />
      <CoverageNote coverage={coverage} testId="validation-coverage" />
      <nav aria-label="Zones in validation mode" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 className="font-semibold">
          Zones in validation mode (<PartialCount count={inValidation.length} coverage={coverage} testId="validation-zone-count" />)
        </h2>
        {inValidation.length === 0 ? (
          <p className="mt-2 text-slate-600">
            {isExact(coverage) ? "No zone runs both versions: nothing to compare." : `None found: ${coverageLabel(coverage)}.`}
          </p>
        ) : (
          <ul className="mt-2 flex flex-wrap gap-2">
            {inValidation.map((zone) => (
              <li key={zone.id}>
                <Link
                  href={viewUrl("/validation", { ...view, zone: zone.id })}
                  aria-current={view.zone === zone.id ? "page" : undefined}
                  className={buttonClass({ variant: view.zone === zone.id ? "selected" : "secondary" })}
                  scroll={false}
                  // One zone is opened at a time: prefetching every zone's view would render the page once per zone.
                  prefetch={false}
                >
                  {zone.name}
                  {several && <span className="ml-1 text-xs text-slate-500">({zone.account.name})</span>}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </nav>
      {view.zone ? (
        <ZoneComparison
          key={view.zone}
          zoneId={view.zone}
          zoneName={chosen?.name}
          account={chosen?.account.id ?? view.account ?? undefined}
          view={view}
          setView={setView}
        />
      ) : (
        inValidation.length > 0 && (
          <p className="text-slate-600">Choose a zone to compare what the previous and the new managed rules did.</p>
        )
      )}
    </div>
  );
}
