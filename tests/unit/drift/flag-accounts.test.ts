// Each drift flag names its zone's account: from the watch (its baseline's review named it), else from the zone's
// listing; never guessed. A request for one account shows its flags and those of no known account; and each account's
// refresh checks only the baselines its own entry's review set (an older baseline: the first entry's).
import { describe, expect, it } from "vitest";
import { flagsOfAccount, withZoneAccounts, type DriftFlag } from "@/lib/drift/flags";
import { checksBaseline } from "@/lib/drift/refresh-work";
import { REVIEW_ID } from "@/tests/unit/drift/fixtures";

const SECURITY = { id: "5ec0000000000000000000000000000a", name: "Sandbox Security Team" };
const ACQUIRED = { id: "ac0a1ec0ac0a1ec0ac0a1ec0ac0a1ec0", name: "Acquired Co" };
const flag = (zoneId: string, account?: DriftFlag["account"]): DriftFlag => ({
  zoneId,
  zoneName: `${zoneId.slice(0, 4)}.example`,
  ...(account ? { account } : {}),
  status: "drifted",
  checkedAt: "2026-05-03T00:00:00Z",
  reviewId: REVIEW_ID,
  changeCount: 1,
  summary: "OWASP paranoia level 2 → 3",
});
const [A, B, C] = ["a", "b", "c"].map((c) => c.repeat(32)) as [string, string, string];

describe("drift flags' accounts", () => {
  it("keeps the watch's account, takes the listing's for a watch without one, and leaves an unknown one unset", () => {
    const listed = new Map([
      [A, SECURITY],
      [B, ACQUIRED],
    ]);
    const named = withZoneAccounts([flag(A, ACQUIRED), flag(B), flag(C)], (zoneId) => listed.get(zoneId));
    expect(named.map((f) => f.account)).toEqual([ACQUIRED, ACQUIRED, undefined]);
    expect(named[2]).not.toHaveProperty("account");
  });

  it("answers one account's flags, and those whose account is not known, when an account is asked for", () => {
    const flags = [flag(A, SECURITY), flag(B, ACQUIRED), flag(C)];
    expect(flagsOfAccount(flags, ACQUIRED.id).map((f) => f.zoneId)).toEqual([B, C]);
    expect(flagsOfAccount(flags, undefined)).toEqual(flags);
  });
});

describe("which account's refresh checks a baseline", () => {
  it("the entry its review was executed with, and no other", () => {
    expect(checksBaseline("group", "group", "default")).toBe(true);
    expect(checksBaseline("default", "group", "default")).toBe(false);
  });

  it("a baseline from before baselines named their entry: the first configured entry's, as its review was", () => {
    expect(checksBaseline("default", undefined, "default")).toBe(true);
    expect(checksBaseline("group", undefined, "default")).toBe(false);
    expect(checksBaseline("only", undefined, undefined)).toBe(true);
  });
});
