"use client";
// Hostnames where switching to the default CA would silently stay on (or fail back to) the legacy chain.
import { AccountName } from "@/components/accounts/account-name";
import type { RowAccount } from "@/lib/accounts/row-account";
import type { CaaFinding } from "@/lib/certificates/types";
import { PartialCount } from "@/components/data-table/coverage";
import { isExact, type Coverage } from "@/lib/client/coverage";
import { downloadCsv } from "@/lib/client/download-csv";
import { exportFileName } from "@/lib/csv";
import { Button } from "@/components/ui/button";

/** `accountOf`: a finding's zone's account (findings name their zone; the zone outcome names its account). */
export function CaaFindings({
  caa,
  coverage,
  accountOf,
}: {
  caa: readonly CaaFinding[];
  coverage: Coverage;
  accountOf: (zoneId: string) => RowAccount | undefined;
}) {
  const flagged = caa.filter((f) => f.flagged);
  const unknown = caa.filter((f) => f.defaultCa === "unknown");
  return (
    <section aria-labelledby="caa-title" className="rounded-lg border border-slate-200 bg-white p-3">
      <div className="flex items-center justify-between gap-3">
        <h2 id="caa-title" className="text-sm font-semibold">
          CAA: <PartialCount count={flagged.length} coverage={coverage} /> of <PartialCount count={caa.length} coverage={coverage} />{" "}
          hostnames would stay on the legacy chain with the default CA
        </h2>
        <Button
          disabled={caa.length === 0}
          onClick={() =>
            // Findings of an audit not read in full are named partial: zones not audited have findings unknown.
            downloadCsv(
              exportFileName("caa.csv", isExact(coverage)),
              caa.map((f) => ({
                ...f,
                accountId: accountOf(f.zoneId)?.id ?? "",
                accountName: accountOf(f.zoneId)?.name ?? "",
                records: f.records.join(" | "),
              })),
            )
          }
        >
          Export CAA CSV
        </Button>
      </div>
      <p className="mt-1 text-xs text-slate-600">
        The default CA tries pki.goog first and uses letsencrypt.org only if CAA blocks it. Records are inherited from the closest parent
        name that has any; for wildcards, issuewild wins over issue. Custom hostnames are checked when they lie in one of this
        account&apos;s zones; outside them their CAA is unknown (see each one&apos;s verdict).
      </p>
      {unknown.length > 0 && (
        <p className="mt-1 text-xs text-amber-800">
          Unknown for {unknown.length} hostname{unknown.length === 1 ? "" : "s"} (
          {unknown
            .slice(0, 3)
            .map((f) => f.hostname)
            .join(", ")}
          {unknown.length > 3 ? ", …" : ""}): their CAA set holds a record the API gave without data or readable content. Check those
          records in DNS.
        </p>
      )}
      {flagged.length > 0 && (
        <div className="mt-2 max-h-64 overflow-auto" tabIndex={0} role="region" aria-label="Flagged CAA findings">
          <table className="w-full text-xs">
            <thead className="sticky top-0 bg-slate-50 text-left text-slate-600">
              <tr>
                <th scope="col" className="px-2 py-1">
                  Hostname
                </th>
                <th scope="col" className="px-2 py-1">
                  Account
                </th>
                <th scope="col" className="px-2 py-1">
                  CAA from
                </th>
                <th scope="col" className="px-2 py-1">
                  Records
                </th>
                <th scope="col" className="px-2 py-1">
                  Default CA ends on
                </th>
                <th scope="col" className="px-2 py-1">
                  Record to add
                </th>
              </tr>
            </thead>
            <tbody>
              {flagged.map((f) => (
                <tr key={`${f.zoneId}:${f.source}:${f.hostname}`} className="border-t border-slate-100">
                  <td className="px-2 py-1">
                    {f.hostname}
                    {f.source === "custom_hostname" && <span className="text-slate-500"> (custom hostname of {f.zoneName})</span>}
                  </td>
                  <td className="px-2 py-1">
                    <AccountName account={accountOf(f.zoneId)} />
                  </td>
                  <td className="px-2 py-1">{f.relevantName === f.hostname ? "itself" : `${f.relevantName} (inherited)`}</td>
                  <td className="px-2 py-1">{f.records.join(", ")}</td>
                  <td className="px-2 py-1">{f.defaultCa === "none" ? "no CA: issuance fails" : f.defaultCa}</td>
                  <td className="px-2 py-1">
                    <code>{f.recordToAdd}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
