import type { Metadata } from "next";
import { accountsInWords } from "@/lib/accounts/connection-words";
import { Invitations } from "@/components/reviews/invitations";
import { PageHeader } from "@/components/app-shell/page-header";
import { AccountsTable } from "@/components/settings/accounts-table";
import { RequestUsageTable } from "@/components/settings/request-usage";
import { RuntimeLimits } from "@/components/settings/runtime-limits";
import { getConfig } from "@/lib/config";
import { readEntrySummaries } from "@/lib/accounts/read-entry-summaries";
import { MAX_IN_FLIGHT } from "@/lib/platform/scheduler";

export const metadata: Metadata = { title: "Settings" };
export const dynamic = "force-dynamic";

export default async function SettingsPage() {
  const config = getConfig();
  // Only the public part of the configuration: the token, key and gateway URL are never rendered.
  const rows: Array<[string, string]> = [
    ["Mode", config.mode === "sandbox" ? "Sandbox account (no credentials configured)" : "Live account"],
    ["API base", config.apiBaseUrl],
    ["Credentials", config.credentials.kind === "token" ? "API token (Bearer)" : "E-mail and global API key"],
    ["Account", accountsInWords(config.accountId, config.accounts)],
    ["Blockchain gateway", config.gatewayUrl ? "configured (address kept on the server)" : "not configured"],
    ["Edge plan", config.edgePlan],
    ["Subrequests per server request", String(config.subrequestBudget)],
    ["Simultaneous upstream connections", String(MAX_IN_FLIGHT)],
    ["Account rate limit", `${config.rateLimit.requests} requests per ${config.rateLimit.windowSeconds} s`],
    [
      "GraphQL analytics rate limit",
      `${config.graphqlRateLimit.requests} queries per ${config.graphqlRateLimit.windowSeconds} s (on top of the account's)`,
    ],
    ["Upstream call timeout", `${config.upstreamTimeoutMs / 1000} s`],
  ];
  return (
    <>
      <PageHeader title="Settings" />
      <section aria-labelledby="limits" className="max-w-3xl rounded-lg border border-slate-200 bg-white">
        <h2 id="limits" className="border-b border-slate-200 px-4 py-3 font-semibold">
          Connection and limits
        </h2>
        <dl className="divide-y divide-slate-100">
          {rows.map(([label, value]) => (
            <div key={label} className="grid grid-cols-3 gap-4 px-4 py-2 text-sm">
              <dt className="text-slate-600">{label}</dt>
              <dd className="col-span-2 font-mono text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <div className="mt-4 max-w-5xl">
        <AccountsTable rows={await readEntrySummaries()} />
      </div>
      <div className="mt-4">
        <RuntimeLimits />
      </div>
      <div className="mt-4">
        <RequestUsageTable />
      </div>
      <div className="mt-4 max-w-3xl">
        <Invitations />
      </div>
    </>
  );
}
