// A cursor listing is whole only when every account is: running out of cursor is not enough.
import { describe, expect, it } from "vitest";
import type { AccountCoverage } from "@/lib/accounts/account-answers";
import { listingCoverage } from "@/lib/accounts/listing-coverage";

const line = (name: string, rows: number, more: Partial<AccountCoverage> = {}): AccountCoverage => ({
  id: name.toLowerCase().padEnd(32, "0"),
  name,
  complete: true,
  rows,
  ...more,
});

describe("listingCoverage", () => {
  it("is neither settled nor complete before the first answer", () => {
    expect(listingCoverage(undefined, false)).toEqual({ settled: false, complete: false, accounts: [] });
    expect(listingCoverage([], false)).toMatchObject({ settled: false, complete: false });
  });

  it("is complete when the last page says so, nothing is left and every account is read", () => {
    const pages = [{ complete: true, accounts: [line("Security", 30), line("Staging", 0)] }];
    expect(listingCoverage(pages, false)).toEqual({ settled: true, complete: true, accounts: pages[0]!.accounts });
  });

  it("is settled but not complete when an account failed: it left no cursor, yet is not read", () => {
    const pages = [
      {
        complete: false,
        accounts: [line("Security", 30), line("Staging", 0), line("Acquired Co", 0, { complete: false, error: "refused" })],
      },
    ];
    expect(listingCoverage(pages, false)).toMatchObject({ settled: true, complete: false });
  });

  it("stays partial when a later page, naming only the accounts still read, says complete", () => {
    const pages = [
      { complete: false, accounts: [line("Security", 20, { complete: false }), line("Acquired Co", 0, { complete: false, error: "no" })] },
      { complete: true, accounts: [line("Security", 10)] },
    ];
    const coverage = listingCoverage(pages, false);
    expect(coverage).toMatchObject({ settled: true, complete: false });
    expect(coverage.accounts).toEqual([line("Security", 30), line("Acquired Co", 0, { complete: false, error: "no" })]);
  });

  it("is not settled while a page leaves a cursor to follow (a rate limit's wait included)", () => {
    const pages = [{ complete: false, accounts: [line("Security", 12, { complete: false, retryAfterSeconds: 30 })] }];
    expect(listingCoverage(pages, true)).toMatchObject({ settled: false, complete: false });
  });

  it("takes a page's own word when it names no account (a listing of one kind of row)", () => {
    expect(listingCoverage([{ complete: true }], false)).toMatchObject({ settled: true, complete: true });
    expect(listingCoverage([{ complete: false }], false)).toMatchObject({ settled: true, complete: false });
  });
});
