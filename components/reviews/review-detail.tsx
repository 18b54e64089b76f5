"use client";
// One review: what it will do (the exact calls), on what evidence, who did what, and the next step.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { ErrorState, LoadingState } from "@/components/data-table/states";
import { KIND_LABELS, StateBadge } from "@/components/reviews/labels";
import { ReviewActions } from "@/components/reviews/review-actions";
import { EntrypointReplaced } from "@/components/reviews/entrypoint-replaced";
import { DriftAccepted } from "@/components/reviews/drift-accepted";
import { ReviewComments } from "@/components/reviews/review-comments";
import { RulesetDiffApproved } from "@/components/reviews/ruleset-diff-approved";
import { Section } from "@/components/ui/section";
import { AccountName } from "@/components/accounts/account-name";
import { withAccount } from "@/lib/accounts/account-filter";
import { fetchJson } from "@/lib/client/fetch-json";
import type { FrozenRulesetDiff } from "@/lib/reviews/ruleset-diff-evidence";
import type { AuditEntry, Review, ReviewComment } from "@/lib/reviews/schema";
import { formatDateTime } from "@/lib/client/format";

type Detail = Review & { comments: ReviewComment[]; audit: AuditEntry[]; approvedRulesetDiff: FrozenRulesetDiff | null };

export function ReviewDetail({ id }: { id: string }) {
  const query = useQuery({
    queryKey: ["review", id],
    queryFn: ({ signal }) => fetchJson<Detail>(`/api/reviews/${encodeURIComponent(id)}`, { signal }),
    staleTime: 0,
  });
  if (query.isPending) return <LoadingState label="Reading the review…" />;
  if (query.error)
    return <ErrorState title="The review could not be read" message={query.error.message} onRetry={() => void query.refetch()} />;
  const review = query.data;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <Link href={withAccount("/reviews", review.account?.id)} className="text-sm text-blue-700 underline">
          ← All reviews
        </Link>
        <h1 className="text-2xl font-semibold tracking-tight">{review.title}</h1>
        <StateBadge state={review.state} />
        <span className="text-sm text-slate-600">
          {/* The account the review changes, executed with that account's credentials only. */}
          {review.account && (
            <span data-testid="review-account">
              Account <AccountName account={review.account} /> ·{" "}
            </span>
          )}
          {KIND_LABELS[review.kind]} · by {review.author}
          {review.approvedBy ? ` · approved by ${review.approvedBy}` : ""}
        </span>
      </div>
      <ReviewActions review={review} />
      {review.drift && (
        <Section title="The account changed since approval">
          <p className="mb-2 text-red-800">
            Execution was refused on {formatDateTime(review.drift.at)}: nothing was sent. Create a new review from the current state.
          </p>
          <table className="w-full text-xs" data-testid="drift">
            <thead>
              <tr className="text-left">
                <th>Path</th>
                <th>When approved</th>
                <th>Now</th>
              </tr>
            </thead>
            <tbody>
              {review.drift.differences.map((d) => (
                <tr key={d.path} className="border-t border-slate-100 font-mono">
                  <td>{d.path}</td>
                  <td>{JSON.stringify(d.before)}</td>
                  <td>{JSON.stringify(d.after)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Section>
      )}
      <RulesetDiffApproved frozen={review.approvedRulesetDiff} />
      <Section title="Planned calls">
        {review.calls.length === 0 && <p className="text-slate-600">None: executing this review sends nothing to the account.</p>}
        <ol className="flex flex-col gap-2" data-testid="planned-calls">
          {review.calls.map((call, i) => (
            <li key={i} className="rounded border border-slate-200 p-2">
              <p className="font-medium">
                {call.title}{" "}
                <span className="text-xs text-slate-600">
                  ({review.results[i]?.state ?? "pending"}
                  {review.results[i]?.status ? `, HTTP ${review.results[i]?.status}` : ""})
                </span>
              </p>
              <code className="block font-mono text-xs">
                {call.method} {call.path}
                {Object.keys(call.query).length ? `?${new URLSearchParams(call.query)}` : ""}
              </code>
              {(review.results[i]?.state === "failed" || review.results[i]?.state === "unknown") && (
                <p role="alert" className="text-sm text-red-800" data-testid="call-failure">
                  {failureMessage(review.results[i]?.response)}
                </p>
              )}
              {call.body !== undefined && (
                <details>
                  <summary className="cursor-pointer text-xs">Body</summary>
                  <pre className="max-h-64 overflow-auto bg-slate-50 p-2 text-xs">{JSON.stringify(call.body, null, 2)}</pre>
                </details>
              )}
            </li>
          ))}
        </ol>
      </Section>
      <EntrypointReplaced evidence={review.evidence} />
      <DriftAccepted evidence={review.evidence} />
      <Section title="Evidence (frozen when created)">
        <pre className="max-h-96 overflow-auto bg-slate-50 p-2 text-xs">{JSON.stringify(review.evidence, null, 2)}</pre>
      </Section>
      <ReviewComments id={review.id} comments={review.comments} />
      <Section title="Audit log">
        <ol className="flex flex-col gap-1 text-xs" data-testid="audit-log">
          {review.audit.map((entry, i) => (
            <li key={i}>
              <span className="font-mono">{entry.at}</span> · <strong>{entry.actor}</strong> · {entry.action}
              {entry.to ? ` → ${entry.to}` : ""}
              {entry.call ? ` · ${entry.call.method} ${entry.call.path} → HTTP ${entry.call.status ?? "—"}` : ""}
              {entry.note ? ` · ${entry.note}` : ""}
            </li>
          ))}
        </ol>
      </Section>
    </div>
  );
}

/** What the platform (or Preflight) said when a call failed: its message, which names the refused field when the platform gives one. */
function failureMessage(response: unknown): string {
  const message = (response as { message?: unknown } | undefined)?.message;
  return typeof message === "string" && message ? message : "The call failed; the audit log has the platform's answer.";
}
