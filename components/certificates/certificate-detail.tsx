"use client";
// One certificate opened from the table: the facts, the rule that applies, the action and, for a custom
// hostname on the legacy-chain CA, the exact PATCH that switches it.
import { useEffect } from "react";
import { caLabel, KIND_LABELS } from "@/components/certificates/table/columns";
import { CertificateVerdictBadge } from "@/components/certificates/verdict-badge";
import { ImpactHosts } from "@/components/certificates/impact/impact-hosts";
import { bundleName } from "@/lib/certificates/chain-change";
import { isSwitchable, switchCalls } from "@/lib/certificates/hostname-switch";
import type { CaaFinding, CertificateRow } from "@/lib/certificates/types";
import { Button } from "@/components/ui/button";

/** The method as the platform gave it, with the document's name when that differs (both vocabularies are read). */
function bundleMethodWords(row: CertificateRow): string {
  if (row.kind !== "custom_certificate" && !row.bundleMethod) return "—";
  const name = bundleName(row.bundleMethod);
  if (!row.bundleMethod) return name ? `none given (${name}, the API's default)` : "—";
  if (!name) return `${row.bundleMethod} (not a bundle method either vocabulary names)`;
  return name === row.bundleMethod.toLowerCase() ? row.bundleMethod : `${row.bundleMethod} (${name})`;
}

export function CertificateDetail({ row, caa, onClose }: { row: CertificateRow; caa: readonly CaaFinding[]; onClose: () => void }) {
  useEffect(() => {
    const close = (event: KeyboardEvent) => event.key === "Escape" && onClose();
    window.addEventListener("keydown", close);
    return () => window.removeEventListener("keydown", close);
  }, [onClose]);
  const findings = caa.filter((f) => f.zoneId === row.zoneId && row.hosts.includes(f.hostname));
  const call = isSwitchable(row) ? switchCalls([row], "")[0] : undefined;
  const facts: Array<[string, string]> = [
    ["Zone", row.zoneName],
    ["Type", KIND_LABELS[row.kind] ?? row.kind],
    ["Id", row.id],
    ["Hosts", row.hosts.join(", ")],
    ["Certificate authority", caLabel(row.certificateAuthority)],
    ["Bundle method", bundleMethodWords(row)],
    ["Uploaded", row.uploadedOn ?? "—"],
    ["Expires", row.expiresOn ?? "—"],
    ["Status", row.status ?? "—"],
  ];
  return (
    <section
      aria-labelledby="certificate-detail-title"
      data-testid="certificate-detail"
      className="rounded-lg border border-blue-200 bg-white p-4"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id="certificate-detail-title" className="text-lg font-semibold">
          {row.hosts[0] ?? row.id} <CertificateVerdictBadge verdict={row.verdict} />
        </h2>
        <Button size="sm" onClick={onClose}>
          Close
        </Button>
      </div>
      <dl className="mt-2 grid grid-cols-[10rem_1fr] gap-x-3 gap-y-1 text-sm">
        {facts.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-slate-500">{term}</dt>
            <dd className="break-all">{value}</dd>
          </div>
        ))}
        <dt className="text-slate-500">Why</dt>
        <dd>{row.reason}</dd>
        <dt className="text-slate-500">Action</dt>
        <dd className="font-medium">{row.action}</dd>
      </dl>
      {findings.length > 0 && (
        <ul className="mt-2 text-sm">
          {findings.map((f) => (
            <li key={`${f.source}:${f.hostname}`}>
              CAA for <code>{f.hostname}</code>:{" "}
              {f.relevantName ? `from ${f.relevantName} (${f.records.join(", ")})` : "none, any CA may issue"};{" "}
              {f.defaultCa === "unknown" ? (
                <>
                  what the default CA issues from is <strong>unknown</strong> (a record without data or readable content)
                </>
              ) : (
                <>
                  default CA issues from <strong>{f.defaultCa}</strong>
                </>
              )}
              {f.recordToAdd && (
                <>
                  {" "}
                  — add <code>{f.recordToAdd}</code>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {row.impact && <ImpactHosts impact={row.impact} />}
      {call && (
        <div className="mt-3">
          <p className="text-sm text-slate-600">
            The call that switches it to the default CA (select it in the table to export with others):
          </p>
          <pre className="mt-1 overflow-x-auto rounded bg-slate-900 p-2 text-xs text-slate-100" data-testid="patch-preview">
            {`${call.method} ${call.path}\n${JSON.stringify(call.body, null, 2)}`}
          </pre>
        </div>
      )}
    </section>
  );
}
