"use client";
// The zone's drift from the configuration a review approved (its baseline), read now: the changes in
// words, since when the refreshes have seen them, and the way to accept them (a review, four eyes).
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { KIND_LABELS } from "@/components/reviews/labels";
import { Section } from "@/components/ui/section";
import { fetchJson } from "@/lib/client/fetch-json";
import type { ZoneDrift as Drift } from "@/lib/drift/zone-drift";
import { withAccount } from "@/lib/accounts/account-filter";
import { AccountName } from "@/components/accounts/account-name";

/** `account`: the zone's account (from the link that opened the zone), read with its credentials. */
export function ZoneDrift({ zoneId, account }: { zoneId: string; account?: string | null }) {
  const query = useQuery({
    queryKey: ["zone-drift", zoneId, account],
    queryFn: ({ signal }) => fetchJson<Drift>(withAccount(`/api/zones/${encodeURIComponent(zoneId)}/drift`, account), { signal }),
  });
  if (query.isPending) return null;
  if (query.error)
    return (
      <p role="alert" className="text-sm text-red-800">
        Drift watch could not be read: {query.error.message}
      </p>
    );
  const drift = query.data;
  const { baseline } = drift;
  if (!baseline) return null; // no migration review executed here yet: nothing is watched
  const firstSeen = new Map((drift.watch?.changes ?? []).map((c) => [c.words, c.firstSeen]));
  return (
    <div id="drift">
      <Section title="Drift since approval">
        <p>
          Compared with the configuration approved in{" "}
          <Link className="text-blue-700 underline" href={`/reviews/${encodeURIComponent(baseline.reviewId)}`}>
            review {baseline.reviewId.slice(0, 8)}
          </Link>{" "}
          ({KIND_LABELS[baseline.reviewKind as keyof typeof KIND_LABELS] ?? baseline.reviewKind},{" "}
          {baseline.approvedBy ? `approved by ${baseline.approvedBy}, ` : ""}executed{" "}
          <span suppressHydrationWarning>{new Date(baseline.at).toLocaleString()}</span>
          {baseline.version ? `, entry point version ${baseline.version}` : ""}
          {baseline.account && (
            <>
              , account <AccountName account={baseline.account} />
            </>
          )}
          ); live now:{" "}
          {drift.live
            ? `version ${drift.live.version}, ${drift.live.ruleCount} rules, last updated ${drift.live.lastUpdated}`
            : "no entry point"}
          .
        </p>
        {drift.unreadable ? (
          <p role="alert" className="mt-2 text-red-800">
            The drift cannot be read: {drift.unreadable}.
          </p>
        ) : drift.changes?.length === 0 ? (
          <p className="mt-2 text-emerald-800" data-testid="no-drift">
            No drift: the live entry point is what was approved.
          </p>
        ) : (
          <ul className="mt-2 list-inside list-disc" data-testid="drift-changes">
            {drift.changes?.map((change) => (
              <li key={change.words}>
                {change.words}
                {firstSeen.has(change.words) && (
                  <span className="text-xs text-slate-600" suppressHydrationWarning>
                    {" "}
                    · first seen {new Date(firstSeen.get(change.words)!).toLocaleString()}
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
        {drift.watch?.failure && <p className="mt-2 text-red-800">The last refresh could not check it: {drift.watch.failure.reason}</p>}
        <div className="mt-3 flex flex-wrap gap-3">
          <Link className="text-blue-700 underline" href="/changes?kind=drift">
            Drift on the Changes view
          </Link>
          {!!drift.changes?.length && drift.live && (
            <Link
              className="font-medium text-blue-700 underline"
              href={withAccount(`/reviews?create=accept_baseline&zoneId=${encodeURIComponent(zoneId)}`, account)}
            >
              Create review: accept as the new baseline
            </Link>
          )}
        </div>
      </Section>
    </div>
  );
}
