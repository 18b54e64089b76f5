// Where a page's rows come from, in words: "Snapshot from 12 min ago · refreshing 40 %", per account when a page
// reads several ("Acquired Co: no snapshot yet (scanned live) · shares its snapshot with Sandbox Staging"). Pure.
import type { AccountSnapshot } from "@/lib/snapshots/account-snapshots";
import type { SnapshotInfo } from "@/lib/snapshots/read";
import { formatAge } from "@/lib/client/format";

const refreshingWords = (refreshing: { percent: number } | null | undefined) => (refreshing ? ` · refreshing ${refreshing.percent} %` : "");

/** The one line of a page that reads one account (or says nothing of each). */
export function snapshotLine(snapshot: SnapshotInfo | null, refreshing: { percent: number } | null | undefined): string {
  return `${snapshot ? `Snapshot from ${formatAge(snapshot.ageSeconds)} ago` : "Scanned live (no snapshot yet)"}${refreshingWords(refreshing)}`;
}

/**
 * One account's line: its snapshot, or why the pages scan it live (none yet, or too old to use), and the accounts it
 * shares its snapshot with (one credential reaching several accounts keeps one snapshot of them all).
 */
export function accountSnapshotLine(row: AccountSnapshot, rows: readonly AccountSnapshot[]): string {
  const state = !row.snapshot
    ? "no snapshot yet (scanned live)"
    : `snapshot from ${formatAge(row.snapshot.ageSeconds)} ago${row.used ? "" : " (too old to use: scanned live)"}`;
  const sharing = rows.filter((other) => other.entry === row.entry && other !== row).map((other) => other.name);
  const shared = sharing.length ? ` · shares its snapshot with ${sharing.join(", ")}` : "";
  return `${row.name}: ${state}${refreshingWords(row.refreshing)}${shared}`;
}
