import { describe, expect, it } from "vitest";
import type { AccountCoverage } from "@/lib/accounts/account-answers";
import {
  accountPartialLine,
  accountsNotRead,
  accountTotalsLine,
  mergePageCoverage,
  showsAccountCoverage,
} from "@/lib/accounts/coverage-wording";

const account = (name: string, rows: number, more: Partial<AccountCoverage> = {}): AccountCoverage => ({
  id: name.toLowerCase().padEnd(32, "0").slice(0, 32),
  name,
  complete: true,
  rows,
  ...more,
});

describe("accountTotalsLine", () => {
  it("says the overall total and each account's", () => {
    const line = accountTotalsLine([account("Security", 240), account("Staging", 12), account("Acquired", 36)], "zones");
    expect(line).toBe("288 zones in 3 accounts: Security 240 · Staging 12 · Acquired 36");
  });

  it("says a count still growing as N+ and one not read as a dash, never a bare 0", () => {
    const line = accountTotalsLine(
      [account("Security", 1200), account("Staging", 12, { complete: false }), account("Acquired", 0, { complete: false })],
      "zones",
    );
    expect(line).toBe("1,212+ zones in 3 accounts: Security 1,200 · Staging 12+ · Acquired —");
    expect(accountTotalsLine([account("Security", 0, { complete: false })], "zones")).toBe("No zones in 1 account: Security —");
  });
});

describe("accountPartialLine", () => {
  it("says nothing once every account is read", () => {
    expect(accountPartialLine([account("Security", 3), account("Staging", 0)])).toBeUndefined();
  });

  it("says how many accounts were read and why each other one was not", () => {
    const line = accountPartialLine([
      account("Security", 240),
      account("Staging", 4, { complete: false }),
      account("Acquired", 0, { complete: false, retryAfterSeconds: 30 }),
      account("Old", 0, { complete: false, error: "The API token is not valid." }),
    ]);
    expect(line).toBe(
      "Partial: 1 of 4 accounts read; Staging is still being read; Acquired waits for its rate limit (retry in 30 s); " +
        "Old could not be read: The API token is not valid.",
    );
  });
});

describe("showsAccountCoverage", () => {
  it("is shown for several accounts or one that failed, not for one account read as usual", () => {
    expect(showsAccountCoverage([account("Security", 3)])).toBe(false);
    expect(showsAccountCoverage([account("Security", 3, { complete: false })])).toBe(false);
    expect(showsAccountCoverage([account("Security", 0, { complete: false, error: "no" })])).toBe(true);
    expect(showsAccountCoverage([account("Security", 3), account("Staging", 1)])).toBe(true);
  });
});

describe("mergePageCoverage", () => {
  it("adds each account's rows over the pages and keeps where the latest page says it stands", () => {
    const merged = mergePageCoverage([
      [
        account("Security", 100, { complete: false }),
        account("Staging", 12),
        account("Acquired", 0, { complete: false, retryAfterSeconds: 20 }),
      ],
      undefined,
      [account("Security", 140), account("Acquired", 36)],
    ]);
    expect(merged).toEqual([account("Security", 240), account("Staging", 12), account("Acquired", 36)]);
  });

  it("keeps accounts without an id apart by name", () => {
    const merged = mergePageCoverage([
      [{ id: "", name: "group", complete: false, rows: 0 }],
      [{ id: "", name: "group", complete: true, rows: 2 }],
    ]);
    expect(merged).toEqual([{ id: "", name: "group", complete: true, rows: 2 }]);
  });
});

describe("accountsNotRead", () => {
  it("names the accounts of several that failed or wait for their rate limit, and of how many", () => {
    const accounts = [
      account("Security", 30),
      account("Staging", 4, { complete: false }),
      account("Acquired", 0, { complete: false, error: "refused" }),
      account("Old", 2, { complete: false, retryAfterSeconds: 30 }),
    ];
    expect(accountsNotRead(accounts)).toEqual({ names: ["Acquired", "Old"], of: 4 });
  });

  it("says nothing when every account is read or still being read, nor for one account", () => {
    expect(accountsNotRead([account("Security", 30), account("Staging", 4, { complete: false })])).toBeUndefined();
    expect(accountsNotRead([account("Security", 0, { complete: false, error: "refused" })])).toBeUndefined();
    expect(accountsNotRead([])).toBeUndefined();
  });
});
