"use client";
// Paste or upload a PEM bundle; the server parses it and reports the path, the cross-signed root and who fails.
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { ErrorState } from "@/components/data-table/states";
import type { ChainReport } from "@/lib/certificates/chain";
import { fetchJson } from "@/lib/client/fetch-json";
import { formatDay } from "@/lib/client/format";
import { Button } from "@/components/ui/button";

const SEVERITY = { error: "text-red-800", warning: "text-amber-800", info: "text-slate-700" };

export function ChainInspector() {
  const [pem, setPem] = useState("");
  const inspect = useMutation({
    mutationFn: (text: string) =>
      fetchJson<ChainReport>("/api/certificates/inspect", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ pem: text }),
      }),
  });
  const report = inspect.data;
  return (
    <section aria-labelledby="inspector-title" className="rounded-lg border border-slate-200 bg-white p-3">
      <h2 id="inspector-title" className="text-sm font-semibold">
        Chain inspector
      </h2>
      <form
        className="mt-2 flex flex-col gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          inspect.mutate(pem);
        }}
      >
        <label className="flex flex-col text-xs font-medium text-slate-600">
          PEM bundle (certificates only, leaf first)
          <textarea
            value={pem}
            onChange={(e) => setPem(e.target.value)}
            rows={6}
            spellCheck={false}
            placeholder="-----BEGIN CERTIFICATE-----"
            className="mt-1 rounded border border-slate-300 p-2 font-mono text-xs text-slate-900"
          />
        </label>
        <div className="flex items-center gap-3">
          <label className="text-xs text-slate-600">
            Or upload a file{" "}
            <input
              type="file"
              accept=".pem,.crt,.cer,text/plain"
              onChange={async (e) => setPem((await e.target.files?.[0]?.text()) ?? "")}
              className="text-xs"
            />
          </label>
          <Button type="submit" variant="primary" disabled={pem.trim() === "" || inspect.isPending}>
            {inspect.isPending ? "Inspecting…" : "Inspect"}
          </Button>
        </div>
      </form>
      {inspect.error && (
        <div className="mt-2">
          <ErrorState title="The bundle could not be inspected" message={inspect.error.message} />
        </div>
      )}
      {report && (
        <div className="mt-3 text-sm" data-testid="chain-report">
          <p>
            <span className="text-slate-500">Path:</span> {report.path}
          </p>
          <ul className="mt-1">
            {report.findings.map((f, i) => (
              <li key={i} className={SEVERITY[f.severity]}>
                {f.position ? `#${f.position} ` : ""}
                {f.message}
              </li>
            ))}
          </ul>
          <p className="mt-2 font-medium">Clients that fail</p>
          <ul className="list-disc pl-5" data-testid="failing-clients">
            {report.failingClients.length === 0 ? <li>None found.</li> : report.failingClients.map((c) => <li key={c}>{c}</li>)}
          </ul>
          <table className="mt-2 w-full text-xs">
            <thead className="bg-slate-50 text-left text-slate-600">
              <tr>
                {["#", "Subject", "Issuer", "Valid", "Key", "SHA-256"].map((h) => (
                  <th scope="col" key={h} className="px-2 py-1">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {report.certificates.map((c) => (
                <tr key={c.position} className={`border-t border-slate-100 ${c.crossSignedIsrgRoot || c.expired ? "bg-amber-50" : ""}`}>
                  <td className="px-2 py-1">{c.position}</td>
                  <td className="px-2 py-1" title={c.subject}>
                    {c.commonName}
                  </td>
                  <td className="px-2 py-1" title={c.issuer}>
                    {c.issuerCommonName}
                  </td>
                  <td className="px-2 py-1">
                    {formatDay(c.notBefore)} – {formatDay(c.notAfter)}
                    {c.expired ? " (expired)" : ""}
                  </td>
                  <td className="px-2 py-1">{c.key}</td>
                  <td className="max-w-48 truncate px-2 py-1 font-mono" title={c.sha256}>
                    {c.sha256}
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
