// Which account and API base this Preflight talks to. Server-rendered from the config's public part:
// the token never leaves the server, so it is not even passed to this component.
import "server-only";
import { accountsInWords } from "@/lib/accounts/connection-words";
import { getConfig } from "@/lib/config";

export function ConnectionSummary() {
  const { mode, apiBaseUrl, accountId, accounts } = getConfig();
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-600" data-testid="connection-summary">
      {mode === "sandbox" ? (
        <span className="rounded-full bg-amber-100 px-2.5 py-0.5 font-semibold text-amber-900 ring-1 ring-amber-300">Sandbox account</span>
      ) : (
        <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 font-semibold text-emerald-900 ring-1 ring-emerald-300">
          Live account
        </span>
      )}
      <span>
        Account: <span className="font-mono">{accountsInWords(accountId, accounts)}</span>
      </span>
      <span>
        API base: <span className="font-mono">{apiBaseUrl}</span>
      </span>
    </div>
  );
}
