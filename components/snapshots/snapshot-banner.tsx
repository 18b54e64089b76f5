"use client";
// Says where the page's rows come from: the latest snapshot and how old it is (each account's, when the page reads
// several), a refresh under way and its progress, and Update snapshot (runs the refresh's steps from here until it
// publishes).
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useSnapshotRefresh } from "@/components/snapshots/use-snapshot-refresh";
import { ACCOUNT_SNAPSHOTS_KEY, useAccountSnapshots } from "@/components/snapshots/use-account-snapshots";
import type { AccountCoverage } from "@/lib/accounts/account-answers";
import type { SnapshotInfo } from "@/lib/snapshots/read";
import { accountSnapshotLine, snapshotLine } from "@/lib/client/snapshot-words";
import { Button } from "@/components/ui/button";

/**
 * `snapshot` undefined: the answer says nothing of snapshots (a continued live scan); null: there is none. `accounts`:
 * what the page's listing covers of each account; with several, each one's snapshot is read and shown.
 */
export function SnapshotBanner(props: {
  snapshot: SnapshotInfo | null | undefined;
  onPublished: () => void;
  accounts?: readonly AccountCoverage[];
  /** The page's account filter, passed on to GET /api/snapshots. */
  account?: string | null;
}) {
  const { snapshot, onPublished } = props;
  const queryClient = useQueryClient();
  const published = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: [ACCOUNT_SNAPSHOTS_KEY] });
    onPublished();
  }, [queryClient, onPublished]);
  const refresh = useSnapshotRefresh(published);
  const rows = useAccountSnapshots((props.accounts?.length ?? 0) > 1, props.account);
  if (snapshot === undefined && !rows) return null;
  const refreshing = refresh.running ? { percent: refresh.percent ?? 0 } : snapshot?.refreshing;
  const any = rows ? rows.some((row) => row.snapshot) : Boolean(snapshot);
  return (
    <div
      role="status"
      data-testid="snapshot-banner"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900"
    >
      {rows ? (
        <ul data-testid="account-snapshots">
          {rows.map((row) => (
            <li key={`${row.entry}:${row.id}`} data-account-id={row.id}>
              {accountSnapshotLine(row, rows)}
            </li>
          ))}
          {refresh.running && <li>Refreshing {refresh.percent ?? 0} %</li>}
        </ul>
      ) : (
        <span>{snapshotLine(snapshot ?? null, refreshing)}</span>
      )}
      <Button disabled={refresh.running} onClick={() => void refresh.start()}>
        {any ? "Update snapshot" : "Take snapshot"}
      </Button>
      {refresh.error ? <span className="text-red-700">{refresh.error}</span> : null}
    </div>
  );
}
