// An archived report's account: the one its writer names, among the accounts Preflight reads; unnamed, the only one.
// Among several, or with an entry's accounts not listed, it is never guessed: a 400 naming `account`.
import { describe, expect, it } from "vitest";
import { reportAccount } from "@/lib/accounts/report-account";
import { InputError } from "@/lib/errors/input-error";

const SECURITY = { id: "5ec0000000000000000000000000000a", name: "Sandbox Security Team", entry: "default" };
const STAGING = { id: "57a9000000000000000000000000000b", name: "Sandbox Staging", entry: "group" };
const ACQUIRED = { id: "ac0a1ec0ac0a1ec0ac0a1ec0ac0a1ec0", name: "Acquired Co", entry: "group" };
const refused = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).field).toBe("account");
    return (error as InputError).message;
  }
  throw new Error("not refused");
};

describe("an archived report's account", () => {
  it("is the account named, among those Preflight reads, without the entry it is read with", () => {
    const reached = { accounts: [SECURITY, STAGING, ACQUIRED], unread: [] };
    expect(reportAccount(reached, ACQUIRED.id)).toEqual({ id: ACQUIRED.id, name: "Acquired Co" });
    expect(refused(() => reportAccount(reached, "f".repeat(32)))).toMatch(/names no account Preflight reads/);
  });

  it("is the only account Preflight reads when none is named, and must be named among several", () => {
    expect(reportAccount({ accounts: [SECURITY], unread: [] }, undefined)).toEqual({ id: SECURITY.id, name: SECURITY.name });
    expect(refused(() => reportAccount({ accounts: [SECURITY, ACQUIRED], unread: [] }, undefined))).toMatch(/several accounts/);
  });

  it("is not taken as the only one while an entry's accounts could not be listed", () => {
    const partly = { accounts: [SECURITY], unread: [{ entry: "group", error: "HTTP 503" }] };
    expect(refused(() => reportAccount(partly, undefined))).toMatch(/accounts of group could not be listed/);
    expect(reportAccount(partly, SECURITY.id).id).toBe(SECURITY.id);
  });
});
