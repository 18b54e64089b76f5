"use client";
import { AccountFilter, offersAccountChoice } from "@/components/accounts/account-filter";
import { Facet } from "@/components/data-table/facet";
import { SearchFilter } from "@/components/data-table/search-filter";
import { caLabel, KIND_LABELS } from "@/components/certificates/table/columns";
import { CERTIFICATE_VERDICT_LABELS } from "@/components/certificates/verdict-badge";
import type { RowAccount } from "@/lib/accounts/row-account";
import { KINDS, VERDICTS } from "@/lib/certificates/types";

/** What the toolbar shows (from the URL) and what it asks to change: a value, or undefined for "All". */
export type CertificateFilters = Partial<Record<"q" | "verdict" | "kind" | "ca" | "account", string | null>>;

const CAS = ["lets_encrypt", "google", "ssl_com", "digicert", ""];

export function CertificatesToolbar({
  filters,
  accounts,
  onChange,
}: {
  filters: CertificateFilters;
  /** The accounts the audit named: the filter is offered once there is a choice. */
  accounts: readonly RowAccount[];
  onChange: (patch: CertificateFilters) => void;
}) {
  return (
    <div role="search" className="flex flex-wrap items-end gap-3">
      {offersAccountChoice(filters.account, accounts) && (
        <AccountFilter value={filters.account} accounts={accounts} onChange={(account) => onChange({ account })} />
      )}
      <SearchFilter label="Zone or host" placeholder="Filter by zone or hostname" value={filters.q} onChange={(q) => onChange({ q })} />
      <Facet
        label="Verdict"
        value={filters.verdict}
        options={VERDICTS.map((v) => [v, CERTIFICATE_VERDICT_LABELS[v]])}
        onChange={(verdict) => onChange({ verdict })}
      />
      <Facet
        label="Type"
        value={filters.kind}
        options={KINDS.map((k) => [k, KIND_LABELS[k] ?? k])}
        onChange={(kind) => onChange({ kind })}
      />
      {/* "" is a real value here (the default CA), so "any" is spelled out. */}
      <Facet
        label="CA"
        value={filters.ca}
        options={CAS.map((ca) => [ca === "" ? "default" : ca, caLabel(ca)])}
        onChange={(ca) => onChange({ ca })}
      />
    </div>
  );
}
