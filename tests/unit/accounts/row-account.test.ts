// A row's account: the platform's account of the zone, named as the configuration names it; and an entry's own
// account only when the entry is configured for one (a credential reaching several accounts names none).
import { describe, expect, it } from "vitest";
import { entryAccount, rowAccount } from "@/lib/accounts/row-account";

const ID_A = "a".repeat(32);
const ID_B = "b".repeat(32);

describe("a row's account", () => {
  it("takes the configured name for the entry's own account, the platform's name for another", () => {
    const entry = { key: "prod", id: ID_A, name: "Production" };
    expect(rowAccount(entry, { accountId: ID_A, accountName: "Acme Inc" })).toEqual({ id: ID_A, name: "Production" });
    expect(rowAccount({ key: "group" }, { accountId: ID_B, accountName: "Acquired Co" })).toEqual({ id: ID_B, name: "Acquired Co" });
  });

  it("names an entry's account only when the entry is configured for one", () => {
    expect(entryAccount({ key: "prod", id: ID_A, name: "Production" })).toEqual({ id: ID_A, name: "Production" });
    expect(entryAccount({ key: "prod", id: ID_A })).toEqual({ id: ID_A, name: "prod" });
    expect(entryAccount({ key: "group" })).toBeUndefined();
  });
});
