"use client";
// Says where the page's rows come from: the latest snapshot and how old it is, a refresh under way and
// its progress, and Update snapshot (runs the refresh's steps from here until it publishes).
import { useSnapshotRefresh } from "@/components/snapshots/use-snapshot-refresh";
import type { SnapshotInfo } from "@/lib/snapshots/read";
import { formatAge } from "@/lib/client/format";
import { Button } from "@/components/ui/button";

/** `snapshot` undefined: the answer says nothing of snapshots (a continued live scan); null: there is none. */
export function SnapshotBanner({ snapshot, onPublished }: { snapshot: SnapshotInfo | null | undefined; onPublished: () => void }) {
  const refresh = useSnapshotRefresh(onPublished);
  if (snapshot === undefined) return null;
  const refreshing = refresh.running ? { percent: refresh.percent ?? 0 } : snapshot?.refreshing;
  return (
    <div
      role="status"
      data-testid="snapshot-banner"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900"
    >
      <span>
        {snapshot ? `Snapshot from ${formatAge(snapshot.ageSeconds)} ago` : "Scanned live (no snapshot yet)"}
        {refreshing ? ` · refreshing ${refreshing.percent} %` : ""}
      </span>
      <Button disabled={refresh.running} onClick={() => void refresh.start()}>
        {snapshot ? "Update snapshot" : "Take snapshot"}
      </Button>
      {refresh.error ? <span className="text-red-700">{refresh.error}</span> : null}
    </div>
  );
}
