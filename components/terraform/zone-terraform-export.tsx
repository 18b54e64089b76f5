"use client";
// The zone page's Terraform export: the entry point as the migration proposes it or as it runs, in the
// provider syntax the team uses, downloaded as a file with its import block.
import { useState } from "react";
import { Choice, SYNTAX_OPTIONS } from "@/components/terraform/choice";
import { Button } from "@/components/ui/button";
import { Section } from "@/components/ui/section";
import { downloadZoneTerraform, type TerraformSyntax } from "@/lib/client/terraform-download";

type Config = "proposed" | "live";

/** `account`: the zone's account, whose credentials read it (null: the only one). */
export function ZoneTerraformExport({ zoneId, account, migrated }: { zoneId: string; account?: string | null; migrated: boolean }) {
  const [syntax, setSyntax] = useState<TerraformSyntax>("v5");
  const [config, setConfig] = useState<Config>(migrated ? "live" : "proposed");
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ error?: string; saved?: string }>({});

  const download = async () => {
    setBusy(true);
    setOutcome({});
    try {
      await downloadZoneTerraform(zoneId, syntax, config, undefined, account);
      setOutcome({ saved: `Saved the ${config} configuration for provider ${syntax === "v4" ? "4.x" : "5.x"}.` });
    } catch (error) {
      setOutcome({ error: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section title="Terraform">
      <p className="mb-3 text-slate-600">
        The zone&apos;s http_request_firewall_managed entry point as a cloudflare_ruleset resource with an import block (Terraform adopts
        the entry point, never creates a second one), every override of the migration, and the old cloudflare_waf_* resources to remove from
        state.
      </p>
      <div className="flex flex-wrap items-start gap-8">
        <Choice
          legend="Provider syntax"
          name="terraform-syntax"
          value={syntax}
          options={SYNTAX_OPTIONS}
          onChange={setSyntax}
          disabled={busy}
        />
        <Choice
          legend="Configuration"
          name="terraform-config"
          value={config}
          options={[
            ["proposed", "Proposed by the migration"],
            ["live", "Live entry point"],
          ]}
          onChange={setConfig}
          disabled={busy}
        />
        <Button variant="primary" className="self-end" onClick={() => void download()} disabled={busy} aria-busy={busy}>
          {busy ? "Exporting…" : "Download Terraform"}
        </Button>
      </div>
      {outcome.error && (
        <p role="alert" className="mt-3 text-red-800">
          The export failed: {outcome.error}
        </p>
      )}
      {outcome.saved && (
        <p role="status" className="mt-3 text-slate-700">
          {outcome.saved}
        </p>
      )}
    </Section>
  );
}
