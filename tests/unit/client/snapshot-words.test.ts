// The snapshot banner's words: one line for a page of one account, one per account for a page of several, saying which
// accounts share a snapshot (one credential reaching them) and when a snapshot is too old to answer the pages.
import { describe, expect, it } from "vitest";
import { accountSnapshotLine, snapshotLine } from "@/lib/client/snapshot-words";
import type { AccountSnapshot } from "@/lib/snapshots/account-snapshots";

const info = (ageSeconds: number) => ({ runId: "r", completedAt: "2026-01-01T00:00:00.000Z", ageSeconds, zoneCount: 3, refreshing: null });
const row = (name: string, entry: string, patch: Partial<AccountSnapshot> = {}): AccountSnapshot => ({
  id: `${name}-id`,
  name,
  entry,
  snapshot: null,
  refreshing: null,
  used: false,
  ...patch,
});

describe("snapshotLine", () => {
  it("says how old the snapshot is, or that the page scanned live, and a refresh under way", () => {
    expect(snapshotLine(info(720), null)).toBe("Snapshot from 12 min ago");
    expect(snapshotLine(null, { percent: 40 })).toBe("Scanned live (no snapshot yet) · refreshing 40 %");
  });
});

describe("accountSnapshotLine", () => {
  it("names the account, its snapshot's age, and the accounts that share it", () => {
    const rows = [
      row("Security", "default", { snapshot: info(120), used: true }),
      row("Staging", "group", { refreshing: { percent: 10, startedAt: "2026-01-01T00:00:00.000Z" } }),
      row("Acquired Co", "group"),
    ];
    expect(rows.map((r) => accountSnapshotLine(r, rows))).toEqual([
      "Security: snapshot from 2 min ago",
      "Staging: no snapshot yet (scanned live) · refreshing 10 % · shares its snapshot with Acquired Co",
      "Acquired Co: no snapshot yet (scanned live) · shares its snapshot with Staging",
    ]);
  });

  it("says when a snapshot is too old to answer the pages", () => {
    const old = row("Security", "default", { snapshot: info(3 * 3600), used: false });
    expect(accountSnapshotLine(old, [old])).toBe("Security: snapshot from 3 h ago (too old to use: scanned live)");
  });
});
