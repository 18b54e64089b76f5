"use client";
// The certificate audit: scan every zone (with progress), totals, expiry timeline, the table with its
// filters in the URL, one certificate opened, CAA findings, the hostname CA switch export, the chain inspector.
import type { RowSelectionState } from "@tanstack/react-table";
import { useQueryStates } from "nuqs";
import { useMemo, useState } from "react";
import { CertificatesTable, rowKey } from "@/components/certificates/table/certificates-table";
import { matchesZoneOrHost } from "@/components/certificates/table/columns";
import { CertificatesToolbar, type CertificateFilters } from "@/components/certificates/table/certificates-toolbar";
import { CERTIFICATES_DEFAULT_SORT, certificatesSearchParams } from "@/components/certificates/table/search-params";
import { CaaFindings } from "@/components/certificates/caa-findings";
import { CertificateChanges } from "@/components/certificates/certificate-changes";
import { CertificateDetail } from "@/components/certificates/certificate-detail";
import { ChainInspector } from "@/components/certificates/chain-inspector";
import { HostnameSwitchPanel } from "@/components/certificates/hostname-switch-panel";
import { useCertificates } from "@/components/certificates/use-certificates";
import { VerdictTotals } from "@/components/certificates/verdict-totals";
import { ImpactControls } from "@/components/certificates/impact/impact-controls";
import { useCertificateImpact } from "@/components/certificates/impact/use-certificate-impact";
import { certificateImpact, impactColumns } from "@/lib/certificates/impact/certificate-impact";
import { AccountCoverageLine } from "@/components/accounts/account-coverage";
import { useKnownAccounts } from "@/components/accounts/account-filter";
import { withAccount } from "@/lib/accounts/account-filter";
import { CoverageNote, RateLimitWait } from "@/components/data-table/coverage";
import { ErrorState, LoadingState, ProgressBar } from "@/components/data-table/states";
import { SnapshotBanner } from "@/components/snapshots/snapshot-banner";
import { fromInputs, fromSorting, toSorting } from "@/components/data-table/search-params";
import { AFFECTED_CLIENTS } from "@/lib/certificates/chain-change";
import { csvRows } from "@/lib/certificates/types";
import { isExact } from "@/lib/client/coverage";
import { downloadCsv } from "@/lib/client/download-csv";
import { exportFileName } from "@/lib/csv";
import { fetchJson } from "@/lib/client/fetch-json";
import dynamic from "next/dynamic";
import { formatTime } from "@/lib/client/format";
import { Button } from "@/components/ui/button";

// recharts is the heaviest part of the page: the timeline loads after the table, not before it.
const ExpiryTimeline = dynamic(() => import("@/components/certificates/expiry-timeline").then((m) => m.ExpiryTimeline), {
  ssr: false,
  loading: () => <LoadingState label="Loading the timeline…" />,
});

export function CertificatesView() {
  const [view, setView] = useQueryStates(certificatesSearchParams);
  const setFilters = (patch: CertificateFilters) => void setView(fromInputs(certificatesSearchParams, patch));
  const audit = useCertificates(view.account);
  const knownAccounts = useKnownAccounts(audit.accounts);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const sorting = useMemo(() => toSorting(view.sort, view.dir, CERTIFICATES_DEFAULT_SORT), [view.sort, view.dir]);
  const filters = useMemo(
    () => [
      { id: "zone", value: view.q },
      { id: "verdict", value: view.verdict ?? "" },
      { id: "kind", value: view.kind ?? "" },
      { id: "ca", value: view.ca ?? "" },
    ],
    [view.q, view.verdict, view.kind, view.ca],
  );
  const impact = useCertificateImpact();
  // Each certificate carries its hosts' impact once read: the table sorts by it and the inspector shows it.
  const rows = useMemo(
    () =>
      impact.byZone.size === 0
        ? audit.certificates
        : audit.certificates.map((r) => {
            const byHost = impact.byZone.get(r.zoneId);
            const found = byHost ? certificateImpact(r.hosts, byHost, impact.partialByZone.get(r.zoneId)) : undefined;
            return found ? { ...r, impact: found } : r;
          }),
    [audit.certificates, impact.byZone, impact.partialByZone],
  );
  const opened = view.open ? rows.find((r) => rowKey(r) === view.open) : undefined;
  const selected = rows.filter((r) => selection[rowKey(r)]);
  const failed = audit.zones.filter((z) => z.status === "failed");
  const accountByZone = useMemo(() => new Map(audit.zones.map((z) => [z.zoneId, z.account])), [audit.zones]);
  const [retrying, setRetrying] = useState(false);
  // Each failed zone is audited again on its own; the listing then comes back from the server's patched scan.
  const retryFailed = async () => {
    setRetrying(true);
    try {
      // Each zone is audited with its own account's credentials.
      for (const zone of failed)
        await fetchJson(withAccount(`/api/certificates/zones/${encodeURIComponent(zone.zoneId)}`, zone.account?.id)).catch(() => undefined);
      await audit.refetch();
    } finally {
      setRetrying(false);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-end gap-2">
        {audit.fetchedAt && <span className="text-xs text-slate-500">Scan started {formatTime(audit.fetchedAt)}</span>}
        <Button
          disabled={audit.isFetching}
          onClick={() => {
            setSelection({});
            audit.rescan();
          }}
        >
          Refresh
        </Button>
        {/* Once nothing more is read; a file missing an account or a failed zone's certificates is named partial. */}
        <Button
          disabled={!audit.settled || rows.length === 0}
          onClick={() =>
            downloadCsv(
              exportFileName("certificates.csv", isExact(audit.coverage)),
              impact.byZone.size === 0 ? csvRows(rows) : csvRows(rows).map((c, i) => ({ ...c, ...impactColumns(rows[i]!.impact) })),
            )
          }
        >
          Export CSV
        </Button>
      </div>
      <SnapshotBanner snapshot={audit.snapshot} onPublished={audit.reload} accounts={audit.accounts} account={view.account} />
      <CertificateChanges count={audit.changeCount} rows={rows} zones={audit.zones} />
      {!audit.settled && !audit.error && <ProgressBar label="Auditing zones" done={audit.zones.length} total={audit.totalZones} />}
      <RateLimitWait resumeAt={audit.resumeAt} what="the certificate audit" />
      {audit.error && (
        <ErrorState title="The certificates could not be audited" message={audit.error.message} onRetry={() => void audit.refetch()} />
      )}
      {failed.length > 0 && (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          <p className="font-semibold">
            {failed.length} zone{failed.length === 1 ? "" : "s"} could not be audited; their certificates are unknown, not fine.
          </p>
          {audit.settled && (
            <Button className="mt-2" disabled={retrying} onClick={() => void retryFailed()}>
              {retrying ? "Retrying…" : `Retry ${failed.length} failed`}
            </Button>
          )}
          <ul className="mt-1 list-disc pl-5">
            {failed.map((z) => (
              <li key={z.zoneId}>
                {z.zoneName}
                {z.account ? ` (${z.account.name})` : ""}: {z.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
      <aside className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700" aria-label="Affected clients">
        <strong>Who is affected:</strong> {AFFECTED_CLIENTS} From 2024-09-09 certificates of the legacy-chain CA (lets_encrypt) are served
        with the self-signed chain only; the cross-signed chain expired 2024-09-30.
      </aside>
      <p className="text-sm text-slate-600" data-testid="pack-types-note">
        Certificate packs of type sni_custom, legacy_custom and keyless hold uploaded certificates: each is listed once, as a custom
        certificate. A certificate that serves no traffic (deleted, expired, timed out) is <em>Not serving</em>, never counted as an action.
      </p>
      {audit.isLoading ? (
        <LoadingState label="Auditing certificates…" />
      ) : (
        <>
          <AccountCoverageLine accounts={audit.accounts} noun="zones audited" testId="certificates-accounts" />
          <CoverageNote coverage={audit.coverage} testId="certificates-coverage" />
          <VerdictTotals
            rows={rows}
            coverage={audit.coverage}
            active={view.verdict}
            onPick={(verdict) => void setView({ verdict: verdict ?? null })}
          />
          <ExpiryTimeline rows={rows} coverage={audit.coverage} />
          <ImpactControls
            impact={impact}
            disabled={!audit.settled}
            onRead={() => {
              // The zones the zone or host filter shows, when there is one: the read is as wide as the view.
              void impact.read(view.q ? audit.certificates.filter((r) => matchesZoneOrHost(r, view.q)) : audit.certificates);
              void setView({ sort: "impact", dir: "desc" });
            }}
            onMore={() => void impact.read()}
          />
          <CertificatesToolbar filters={view} accounts={knownAccounts} onChange={setFilters} />
          {selected.length > 0 && <HostnameSwitchPanel selected={selected} onClear={() => setSelection({})} />}
          {opened && <CertificateDetail row={opened} caa={audit.caa} onClose={() => void setView({ open: null })} />}
          <CertificatesTable
            rows={rows}
            coverage={audit.coverage}
            sorting={sorting}
            filters={filters}
            onSortingChange={(next) => void setView(fromSorting(next))}
            selection={selection}
            onSelectionChange={setSelection}
            openKey={view.open ?? undefined}
            onOpen={(row) => void setView({ open: rowKey(row) })}
          />
          <CaaFindings caa={audit.caa} coverage={audit.coverage} accountOf={(zoneId) => accountByZone.get(zoneId)} />
        </>
      )}
      <ChainInspector />
    </div>
  );
}
