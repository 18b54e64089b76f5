"use client";
// The Reviews list: filters by account, state, kind and author held in the URL; `?create=<kind>&zoneId=&account=`
// opens a new review of that zone's account.
import { useQuery } from "@tanstack/react-query";
import { useQueryStates } from "nuqs";
import Link from "next/link";
import { AccountFilter, offersAccountChoice } from "@/components/accounts/account-filter";
import { AccountName } from "@/components/accounts/account-name";
import { useConfiguredAccounts } from "@/components/accounts/use-configured-accounts";
import { ErrorState, LoadingState } from "@/components/data-table/states";
import { fromInputs } from "@/components/data-table/search-params";
import { CreateReviewPanel } from "@/components/reviews/create-review-panel";
import { KIND_LABELS, StateBadge } from "@/components/reviews/labels";
import { reviewsSearchParams } from "@/components/reviews/search-params";
import { fetchJson } from "@/lib/client/fetch-json";
import { REVIEW_KINDS, REVIEW_STATES } from "@/lib/reviews/kind-names";
import type { ReviewSummary } from "@/lib/reviews/schema";
import { formatDateTime } from "@/lib/client/format";

export function ReviewsView() {
  const [view, setUrl] = useQueryStates(reviewsSearchParams);
  const setView = (inputs: Partial<Record<keyof typeof reviewsSearchParams, string | undefined>>) =>
    void setUrl(fromInputs(reviewsSearchParams, inputs));
  const search = new URLSearchParams(
    Object.entries({ state: view.state, kind: view.kind, author: view.author, account: view.account }).filter(
      (e): e is [string, string] => !!e[1],
    ),
  );
  const query = useQuery({
    queryKey: ["reviews", search.toString()],
    queryFn: ({ signal }) => fetchJson<{ reviews: ReviewSummary[] }>(`/api/reviews?${search}`, { signal }),
    staleTime: 0,
  });
  const accounts = useConfiguredAccounts();
  const select = "rounded border border-slate-300 bg-white px-2 py-1";
  return (
    <div className="flex flex-col gap-3">
      {view.create && view.zoneId && (
        <CreateReviewPanel
          target={{ kind: view.create, zoneId: view.zoneId }}
          account={view.account}
          onCancel={() => setView({ create: undefined, zoneId: undefined })}
        />
      )}
      <div className="flex flex-wrap items-end gap-3 text-sm" role="search">
        {offersAccountChoice(view.account, accounts) && (
          <AccountFilter value={view.account} accounts={accounts} onChange={(account) => setView({ account })} />
        )}
        <label className="flex items-center gap-1">
          State
          <select aria-label="State" value={view.state ?? ""} onChange={(e) => setView({ state: e.target.value })} className={select}>
            <option value="">any</option>
            {REVIEW_STATES.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-1">
          Kind
          <select aria-label="Kind" value={view.kind ?? ""} onChange={(e) => setView({ kind: e.target.value })} className={select}>
            <option value="">any</option>
            {REVIEW_KINDS.map((k) => (
              <option key={k} value={k}>
                {KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-1">
          Author
          <input
            aria-label="Author"
            defaultValue={view.author ?? ""}
            onChange={(e) => setView({ author: e.target.value.trim() })}
            className={select}
            placeholder="e-mail or demo user"
          />
        </label>
      </div>
      {query.isPending ? (
        <LoadingState label="Reading the reviews…" />
      ) : query.error ? (
        <ErrorState title="The reviews could not be read" message={query.error.message} onRetry={() => void query.refetch()} />
      ) : query.data.reviews.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-600" data-testid="reviews-empty">
          No review matches. Create one from a zone (Zones → a zone → Create review), the Certificates switch panel or Settings →
          Invitations.
        </p>
      ) : (
        <table className="w-full rounded-lg border border-slate-200 bg-white text-sm">
          <thead className="bg-slate-50 text-left">
            <tr>
              <th className="p-2">Review</th>
              <th className="p-2">Account</th>
              <th className="p-2">Kind</th>
              <th className="p-2">State</th>
              <th className="p-2">Author</th>
              <th className="p-2">Created</th>
            </tr>
          </thead>
          <tbody>
            {query.data.reviews.map((r) => (
              <tr key={r.id} className="border-t border-slate-100">
                <td className="p-2">
                  <Link className="text-blue-700 underline" href={`/reviews/${encodeURIComponent(r.id)}`}>
                    {r.title}
                  </Link>
                </td>
                <td className="p-2">
                  <AccountName account={r.account} />
                </td>
                <td className="p-2">{KIND_LABELS[r.kind]}</td>
                <td className="p-2">
                  <StateBadge state={r.state} />
                </td>
                <td className="p-2">{r.author}</td>
                <td className="p-2">{formatDateTime(r.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
