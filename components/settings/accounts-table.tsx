// Settings → Accounts: each configured entry with the accounts it reads, its kind of credential and its own rate
// limits. The page reads the rows on the server (lib/accounts/read-entry-summaries.ts): no secret is in them.
import type { EntrySummary } from "@/lib/accounts/entry-summary";

export function AccountsTable({ rows }: { rows: readonly EntrySummary[] }) {
  return (
    <section aria-labelledby="accounts" className="rounded-lg border border-slate-200 bg-white">
      <h2 id="accounts" className="border-b border-slate-200 px-4 py-3 font-semibold">
        Accounts
      </h2>
      <div className="overflow-x-auto">
        <table className="w-full text-sm" data-testid="settings-accounts">
          <thead className="bg-slate-50 text-left text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-2">
                Entry
              </th>
              <th scope="col" className="px-4 py-2">
                Account
              </th>
              <th scope="col" className="px-4 py-2">
                Credential
              </th>
              <th scope="col" className="px-4 py-2">
                Rate limits (this entry)
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className="border-t border-slate-100">
                <td className="px-4 py-2 font-mono">{row.key}</td>
                <td className="px-4 py-2">{row.accounts}</td>
                <td className="px-4 py-2">{row.credential}</td>
                <td className="px-4 py-2 text-xs">{row.rateLimits}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
