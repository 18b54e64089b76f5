"use client";
// One zone's migration: verdict and reasons with next steps, the mapping, what is left behind, the
// proposed configuration and the procedure's exact calls.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { ErrorState, LoadingState } from "@/components/data-table/states";
import { MigrationVerdictBadge } from "@/components/zones/verdict-badge";
import { CreateReviewLinks } from "@/components/reviews/create-review-links";
import { ProcedureSteps } from "@/components/zones/detail/procedure-steps";
import { MigrationChangesView } from "@/components/zones/detail/migration-changes";
import { ProposedConfigView } from "@/components/zones/detail/proposed-config-view";
import { ZoneDrift } from "@/components/zones/detail/zone-drift";
import { KeyValues, Section } from "@/components/ui/section";
import { ZoneTerraformExport } from "@/components/terraform/zone-terraform-export";
import { fetchJson } from "@/lib/client/fetch-json";
import type { ZoneMigrationDetail } from "@/lib/migration/migration-changes";
import { isUnknown } from "@/lib/migration/unknown-parts";
import { paranoiaLevelWords } from "@/lib/rulesets/paranoia-level";
import { formatDateTime } from "@/lib/client/format";
import { Button } from "@/components/ui/button";
import { useAccountFilter } from "@/components/accounts/use-account-filter";
import { withAccount } from "@/lib/accounts/account-filter";

export function ZoneDetailView({ zoneId }: { zoneId: string }) {
  const queryClient = useQueryClient();
  // The zone's account from the link that opened it: its operations read with that account's credentials.
  const [account] = useAccountFilter();
  const migration = `/api/zones/${encodeURIComponent(zoneId)}/migration`;
  const query = useQuery({
    queryKey: ["zone-migration", zoneId, account],
    queryFn: ({ signal }) => fetchJson<ZoneMigrationDetail>(withAccount(migration, account), { signal }),
  });
  const readAgain = async () => {
    const fresh = await fetchJson<ZoneMigrationDetail>(withAccount(`${migration}?refresh=1`, account));
    queryClient.setQueryData(["zone-migration", zoneId, account], fresh);
  };

  if (query.isPending) return <LoadingState label="Reading the zone's migration evidence…" />;
  if (query.error)
    return <ErrorState title="The zone could not be read" message={query.error.message} onRetry={() => void query.refetch()} />;
  const zone = query.data;
  // "unknown" is said as such: a dash with the reason, never "none" or a default.
  const unknownSettings = isUnknown(zone, "packages");
  const unknownValue = "— (unknown: the previous version's API is retired)";
  const deploys = zone.proposedConfig?.deploys;
  // No paranoia category turned off: both documented readings are shown, and no mismatch is claimed on either.
  const unsetLevel = deploys?.paranoiaLevel === null;
  const mismatch = deploys && deploys.paranoiaLevel !== null && zone.paranoiaLevel !== null && deploys.paranoiaLevel !== zone.paranoiaLevel;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <Link href={withAccount("/zones", account)} className="text-sm text-blue-700 underline">
          ← All zones
        </Link>
        <h1 className="text-2xl font-semibold tracking-tight">{zone.name}</h1>
        <MigrationVerdictBadge verdict={zone.verdict} />
        <span className="text-sm text-slate-600">{zone.planName}</span>
        {/* Every row Preflight shows names its account: the zone's page too, its id on hover. */}
        <span
          className="text-sm text-slate-600"
          title={zone.account.id ? `Account id ${zone.account.id}` : undefined}
          data-testid="zone-account"
        >
          {zone.account.name}
        </span>
        {zone.verdict === "validation" && (
          <Link href={withAccount(`/validation?zone=${encodeURIComponent(zoneId)}`, account)} className="text-sm text-blue-700 underline">
            Compare both versions
          </Link>
        )}
        <span className="ml-auto text-xs text-slate-500">Read {formatDateTime(zone.fetchedAt)}</span>
        <Button onClick={() => void readAgain()}>{zone.verdict === "failed" ? "Retry" : "Read again"}</Button>
      </div>

      <ZoneDrift zoneId={zoneId} account={account} />

      <Section title="Verdict and reasons">
        <ul className="flex flex-col gap-2" data-testid="zone-reasons">
          {zone.reasons.map((reason) => (
            <li key={reason.code + reason.message}>
              <p>{reason.message}</p>
              {reason.nextStep && <p className="text-slate-600">Next: {reason.nextStep}</p>}
            </li>
          ))}
        </ul>
      </Section>

      {zone.verdict !== "failed" && zone.verdict !== "migrated" && (
        <Section title="Sensitivity to paranoia level">
          <KeyValues
            rows={[
              [
                "Previous sensitivity",
                unknownSettings
                  ? unknownValue
                  : (zone.sensitivity ?? (zone.sensitivityRow === "default" ? "none given (Default row)" : "—")),
              ],
              [
                "Previous action",
                unknownSettings
                  ? unknownValue
                  : (zone.oldAction ?? (zone.sensitivityRow ? "none given (challenge, the API's default)" : "—")),
              ],
              [
                "New paranoia level",
                zone.paranoiaLevel
                  ? `PL${zone.paranoiaLevel}`
                  : unknownSettings
                    ? "— (unknown; see the proposed configuration)"
                    : zone.sensitivityRow === "off"
                      ? "— (core rule set off)"
                      : "— (see below)",
              ],
              ["New score threshold", zone.scoreThreshold ?? "—"],
              ["New action", zone.newAction ?? "—"],
            ]}
          />
          <p className="mt-2" data-testid="mapping-note">
            {zone.mappingNote}
          </p>
          <p className="mt-2 text-slate-600">{zone.paranoiaExplanation}</p>
          {unsetLevel && (
            <p role="note" className="mt-2 text-amber-800" data-testid="paranoia-unset">
              The proposed configuration deploys the OWASP ruleset with the paranoia level {paranoiaLevelWords(null)}.{" "}
              {deploys?.paranoiaNote}
            </p>
          )}
          {mismatch && (
            <p role="note" className="mt-2 text-amber-800">
              The proposed configuration deploys PL{deploys?.paranoiaLevel}, not the PL{zone.paranoiaLevel} of the documented mapping: check
              it before approving.
            </p>
          )}
        </Section>
      )}

      {zone.verdict !== "failed" && zone.verdict !== "migrated" && (
        <Section title="What will not be migrated">
          {zone.lostOverrideList === null ? (
            <p className="text-slate-600" data-testid="lost-overrides-unknown">
              Unknown: the previous version&apos;s API is retired for this zone, so its group and rule overrides cannot be read. They never
              migrate; check what the zone should keep.
            </p>
          ) : zone.lostOverrideList.length === 0 ? (
            <p className="text-slate-600">No group or rule overrides: nothing is left behind.</p>
          ) : (
            <ul className="list-inside list-disc">
              {zone.lostOverrideList.map((o) => (
                <li key={`${o.kind}-${o.id}`}>
                  {o.kind === "group" ? "Group" : "Rule"} <span className="font-mono">{o.id}</span>: {o.description} (turned off)
                </li>
              ))}
            </ul>
          )}
          {zone.proposedConfig && (
            <>
              <p className="mt-3 font-medium">Settings that migrate</p>
              <ul className="list-inside list-disc">
                <li>Core rule set sensitivity and action (above)</li>
                {zone.proposedConfig.migratedSettings.map((rule) => (
                  <li key={rule.index}>{rule.description}</li>
                ))}
              </ul>
            </>
          )}
        </Section>
      )}

      <Section title="Check and status">
        <KeyValues
          rows={[
            ["Compatible (check)", zone.check ? String(zone.check.compatible) : "not asked"],
            [
              "URI-based overrides",
              zone.uriOverrides === null ? "— (unknown: the previous version's API is retired)" : String(zone.uriOverrides.length),
            ],
            ["Migration state", zone.migrationState],
            ["Previous managed rules", zone.migrationStatus?.old_waf_status ?? "—"],
            ["New managed rules", zone.migrationStatus?.new_waf_status ?? "—"],
            ["Validation mode", zone.validationAvailable ? "available (Enterprise)" : "not available"],
          ]}
        />
      </Section>

      {zone.migrationChanges && (
        <Section title="What the migration changes">
          <MigrationChangesView changes={zone.migrationChanges} />
        </Section>
      )}

      {zone.proposedConfig && (
        <Section title="Proposed configuration">
          <ProposedConfigView config={zone.proposedConfig} />
        </Section>
      )}

      {zone.verdict !== "failed" && <ZoneTerraformExport zoneId={zoneId} account={account} migrated={zone.verdict === "migrated"} />}

      {zone.procedure.length > 0 && (
        <Section title="Migration procedure">
          <p className="mb-3 text-slate-600">
            The steps and the exact calls for this zone. Starting the migration goes through a review approved by a second person.
          </p>
          <ProcedureSteps steps={zone.procedure} />
          <div className="mt-3">
            <CreateReviewLinks zone={zone} />
          </div>
        </Section>
      )}
    </div>
  );
}
