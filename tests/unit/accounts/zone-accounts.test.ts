// A zone id never resolves against another account's credentials: a zone listed under account B, asked for with
// account A, is refused before any call is made.
import { beforeEach, describe, expect, it } from "vitest";
import { zoneAccounts, zoneEntry } from "@/lib/accounts/zone-accounts";
import { readAccountScope } from "@/lib/accounts/account-scope";
import { NotFoundError } from "@/lib/errors/not-found-error";
import { InputError } from "@/lib/errors/input-error";

const ID_A = "a".repeat(32);
const ID_B = "b".repeat(32);
const ZONE_B = "2".repeat(32);
const token = (t: string) => ({ kind: "token" as const, token: t });
const entries = [
  { key: "prod", id: ID_A, credentials: token("t1") },
  { key: "staging", id: ID_B, credentials: token("t2") },
];
const scope = (query = "") => readAccountScope(new URL(`http://x/api/zones/${ZONE_B}/migration${query}`), entries);

describe("a zone's account entry", () => {
  beforeEach(() => zoneAccounts.clear());

  it("is the entry that listed the zone", () => {
    zoneAccounts.record("staging", [{ id: ZONE_B, account: { id: ID_B, name: "Staging" } }]);
    expect(zoneEntry(ZONE_B, scope()).key).toBe("staging");
    expect(zoneEntry(ZONE_B, scope(`?account=${ID_B}`)).key).toBe("staging");
  });

  it("refuses a zone of account B asked for with account A", () => {
    zoneAccounts.record("staging", [{ id: ZONE_B, account: { id: ID_B, name: "Staging" } }]);
    expect(() => zoneEntry(ZONE_B, scope(`?account=${ID_A}`))).toThrow(NotFoundError);
  });

  it("asks for the account of a zone no entry has listed when several could hold it", () => {
    expect(() => zoneEntry(ZONE_B, scope())).toThrow(InputError);
    expect(zoneEntry(ZONE_B, scope(`?account=${ID_A}`)).key).toBe("prod");
  });
});
