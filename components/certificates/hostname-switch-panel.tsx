"use client";
// The selected legacy-chain custom hostnames, exported as the exact PATCH calls for a second person to
// review and run, or turned into a review that a second person approves before Preflight sends them.
import { useState } from "react";
import { CreateSwitchReviews } from "@/components/reviews/create-switch-reviews";
import { switchCalls, switchScript, type SwitchTarget } from "@/lib/certificates/hostname-switch";
import type { CertificateRow } from "@/lib/certificates/types";
import { downloadText } from "@/lib/client/download-csv";
import { Button } from "@/components/ui/button";

export function HostnameSwitchPanel({ selected, onClear }: { selected: readonly CertificateRow[]; onClear: () => void }) {
  const [target, setTarget] = useState<SwitchTarget>("");
  const calls = switchCalls(selected, target);
  return (
    <section
      aria-label="Switch custom hostnames"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white p-3 text-sm"
    >
      <span data-testid="switch-count">
        {calls.length} custom hostname{calls.length === 1 ? "" : "s"} selected to leave lets_encrypt
      </span>
      <label className="flex items-center gap-1">
        Switch to
        <select
          value={target}
          onChange={(e) => setTarget(e.target.value as SwitchTarget)}
          className="rounded border border-slate-300 px-2 py-1"
        >
          <option value="">"" (default CA: google first)</option>
          <option value="google">google</option>
          <option value="ssl_com">ssl_com</option>
        </select>
      </label>
      <CreateSwitchReviews selected={selected} target={target} />
      <Button
        disabled={calls.length === 0}
        onClick={() => downloadText("custom-hostname-switch.json", JSON.stringify({ calls }, null, 2), "application/json")}
      >
        Export PATCH calls
      </Button>
      <Button
        disabled={calls.length === 0}
        onClick={() => downloadText("custom-hostname-switch.sh", switchScript(calls), "text/x-shellscript")}
      >
        Export as shell script
      </Button>
      <button type="button" disabled={calls.length === 0} onClick={onClear} className="text-slate-600 underline disabled:opacity-50">
        Clear selection
      </button>
      <span className="text-xs text-slate-500">Nothing is sent from here: a review approved by a second person sends the calls.</span>
    </section>
  );
}
