"use client";
// The Zones page's account-wide Terraform export: every zone's entry point, followed over as many
// requests as the budget needs (with progress, a rate-limit wait and Cancel), saved as one file or a zip.
import { useRef, useState } from "react";
import { ProgressBar } from "@/components/data-table/states";
import { Choice, SYNTAX_OPTIONS } from "@/components/terraform/choice";
import { Button } from "@/components/ui/button";
import {
  downloadAccountTerraform,
  type AccountExportResult,
  type AccountProgress,
  type TerraformConfig,
  type TerraformSyntax,
} from "@/lib/client/terraform-download";

export function AccountTerraformExport() {
  const [syntax, setSyntax] = useState<TerraformSyntax>("v5");
  const [config, setConfig] = useState<TerraformConfig>("auto");
  const [format, setFormat] = useState<"hcl" | "archive">("hcl");
  const [progress, setProgress] = useState<AccountProgress>();
  const [result, setResult] = useState<AccountExportResult>();
  const [error, setError] = useState<string>();
  const running = useRef<AbortController | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  const start = async () => {
    const controller = new AbortController();
    running.current = controller;
    setBusy(true);
    setError(undefined);
    setResult(undefined);
    setProgress({ done: 0 });
    try {
      setResult(await downloadAccountTerraform({ syntax, config, format, signal: controller.signal }, setProgress));
    } catch (e) {
      setError(controller.signal.aborted ? "Export cancelled; nothing was saved." : e instanceof Error ? e.message : String(e));
    } finally {
      running.current = undefined;
      setBusy(false);
    }
  };

  return (
    <details className="rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm">
      <summary className="cursor-pointer font-semibold">Export Terraform for every zone</summary>
      <div className="mt-3 flex flex-wrap items-start gap-8">
        <Choice
          legend="Provider syntax"
          name="account-terraform-syntax"
          value={syntax}
          options={SYNTAX_OPTIONS}
          onChange={setSyntax}
          disabled={busy}
        />
        <Choice
          legend="Configuration"
          name="account-terraform-config"
          value={config}
          options={[
            ["auto", "Live once migrated, else proposed"],
            ["proposed", "Proposed by the migration"],
            ["live", "Live entry points"],
          ]}
          onChange={setConfig}
          disabled={busy}
        />
        <Choice
          legend="File"
          name="account-terraform-format"
          value={format}
          options={[
            ["hcl", "One .tf file"],
            ["archive", "Zip, one file per zone"],
          ]}
          onChange={setFormat}
          disabled={busy}
        />
        <div className="flex gap-2 self-end">
          <Button variant="primary" onClick={() => void start()} disabled={busy} aria-busy={busy}>
            {busy ? "Exporting…" : "Export Terraform"}
          </Button>
          {busy && <Button onClick={() => running.current?.abort()}>Cancel</Button>}
        </div>
      </div>
      {busy && progress && (
        <div className="mt-3" role="status">
          <ProgressBar label="Exporting Terraform" done={progress.done} total={progress.total} />
          {progress.resumeAt && (
            <p className="mt-1 text-slate-600">
              The account rate limit is used up; the export resumes at {progress.resumeAt.toLocaleTimeString()}.
            </p>
          )}
        </div>
      )}
      {error && (
        <p role="alert" className="mt-3 text-red-800">
          The export failed: {error}
        </p>
      )}
      {result && (
        <p role="status" className="mt-3 text-slate-700" data-testid="terraform-export-result">
          Saved: {result.exported} zone{result.exported === 1 ? "" : "s"} exported
          {result.failed > 0 && `, ${result.failed} failed (marked FAILED in the file: export them again)`}
          {result.skipped > 0 && `, ${result.skipped} skipped (no such configuration, marked SKIPPED)`}.
        </p>
      )}
    </details>
  );
}
