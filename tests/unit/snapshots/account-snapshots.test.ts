// GET /api/snapshots across accounts: a snapshot is its entry's, so each account reached names its entry's snapshot,
// and the account asked for picks the entries whose snapshot holds it.
import { describe, expect, it } from "vitest";
import { accountSnapshotRows, entriesHolding, type SnapshotStatus } from "@/lib/snapshots/account-snapshots";
import type { AccountsAnswer } from "@/lib/accounts/configured-accounts";

const SECURITY = "5ec0000000000000000000000000000a";
const STAGING = "5ca1ab1e5ca1ab1e5ca1ab1e5ca1ab1e";
const ACQUIRED = "ac0a1ec0ac0a1ec0ac0a1ec0ac0a1ec0";
const entries = [{ key: "default", id: SECURITY, name: "Security" }, { key: "group" }];
const reached: AccountsAnswer = {
  accounts: [
    { id: SECURITY, name: "Security", entry: "default" },
    { id: STAGING, name: "Sandbox Staging", entry: "group" },
    { id: ACQUIRED, name: "Acquired Co", entry: "group" },
  ],
  unread: [],
};
const published: SnapshotStatus = {
  snapshot: { runId: "r1", completedAt: "2026-01-01T00:00:00.000Z", ageSeconds: 60, zoneCount: 48, refreshing: null },
  refreshing: null,
  used: true,
};
const none: SnapshotStatus = { snapshot: null, refreshing: { percent: 40, startedAt: "2026-01-01T00:00:00.000Z" }, used: false };
const statusOf = (key: string) => (key === "default" ? published : none);

describe("accountSnapshotRows", () => {
  it("gives each account its entry's snapshot: the accounts one credential reaches share one", () => {
    expect(accountSnapshotRows(entries, reached, statusOf)).toEqual([
      { id: SECURITY, name: "Security", entry: "default", ...published },
      { id: STAGING, name: "Sandbox Staging", entry: "group", ...none },
      { id: ACQUIRED, name: "Acquired Co", entry: "group", ...none },
    ]);
  });

  it("keeps only the account asked for", () => {
    expect(accountSnapshotRows([entries[1]!], reached, statusOf, ACQUIRED)).toEqual([
      { id: ACQUIRED, name: "Acquired Co", entry: "group", ...none },
    ]);
  });

  it("names an entry whose accounts could not be listed as configured, still with its snapshot", () => {
    const unread: AccountsAnswer = { accounts: reached.accounts.slice(0, 1), unread: [{ entry: "group", error: "refused" }] };
    expect(accountSnapshotRows(entries, unread, statusOf).map((row) => [row.id, row.name, row.entry, row.used])).toEqual([
      [SECURITY, "Security", "default", true],
      ["", "group", "group", false],
    ]);
  });
});

describe("entriesHolding", () => {
  it("is every entry without an account asked for", () => {
    expect(entriesHolding(entries, reached)).toEqual(entries);
  });

  it("is the entry whose credential reaches the account, by its own id or by its listing", () => {
    expect(entriesHolding(entries, reached, SECURITY).map((entry) => entry.key)).toEqual(["default"]);
    expect(entriesHolding(entries, reached, STAGING).map((entry) => entry.key)).toEqual(["group"]);
  });

  it("keeps an entry whose accounts could not be listed: its snapshot may hold the account", () => {
    const unread: AccountsAnswer = { accounts: reached.accounts.slice(0, 1), unread: [{ entry: "group", error: "refused" }] };
    expect(entriesHolding(entries, unread, STAGING).map((entry) => entry.key)).toEqual(["group"]);
  });

  it("refuses an account no credential reaches, naming the field", () => {
    expect(() => entriesHolding(entries, reached, "0".repeat(32))).toThrow(expect.objectContaining({ field: "account" }));
  });
});
