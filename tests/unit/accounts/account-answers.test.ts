// The `account` filter and one answer merged from several accounts' answers.
import { describe, expect, it } from "vitest";
import { readAccountScope } from "@/lib/accounts/account-scope";
import { mergeAccountParts, partCoverage, splitAccountsCursor, sumPartTotals } from "@/lib/accounts/account-answers";
import { rowAccount } from "@/lib/accounts/row-account";
import { InputError } from "@/lib/errors/input-error";

const ID_A = "a".repeat(32);
const ID_B = "b".repeat(32);
const ID_C = "c".repeat(32);
const token = (t: string) => ({ kind: "token" as const, token: t });
const entries = [
  { key: "default", id: ID_A, name: "Production", credentials: token("t1") },
  { key: "group", credentials: token("t2") },
];

describe("the account filter", () => {
  it("reads every account without it, the entry of that id with it, and the entries that may reach it otherwise", () => {
    expect(readAccountScope(new URL("http://x/api/zones"), entries).entries.map((e) => e.key)).toEqual(["default", "group"]);
    expect(readAccountScope(new URL(`http://x/api/zones?account=${ID_A}`), entries)).toMatchObject({
      entries: [{ key: "default" }],
      accountId: ID_A,
    });
    expect(readAccountScope(new URL(`http://x/api/zones?account=${ID_B}`), entries)).toMatchObject({
      entries: [{ key: "group" }],
      accountId: ID_B,
    });
  });

  it("answers a bad or unknown account with a 400 naming the parameter", () => {
    expect(() => readAccountScope(new URL("http://x/api/zones?account=prod"), entries)).toThrow(InputError);
    const only = [entries[0]!];
    try {
      readAccountScope(new URL(`http://x/api/zones?account=${ID_B}`), only);
      throw new Error("accepted");
    } catch (error) {
      expect(error).toBeInstanceOf(InputError);
      expect((error as InputError).field).toBe("account");
    }
  });
});

describe("rows name their account", () => {
  it("as configured for an entry of one account, as the platform names it otherwise", () => {
    expect(rowAccount(entries[0]!, { accountId: ID_A, accountName: "Acme Inc" })).toEqual({ id: ID_A, name: "Production" });
    expect(rowAccount(entries[1]!, { accountId: ID_B, accountName: "Staging Ltd" })).toEqual({ id: ID_B, name: "Staging Ltd" });
    expect(rowAccount(entries[1]!, {})).toEqual({ id: "", name: "group" });
  });
});

describe("one answer from several accounts", () => {
  const row = (id: string, name: string) => ({ account: { id, name } });
  it("joins rows, is complete only when every account is, and says what each account covers", () => {
    const merged = mergeAccountParts(
      [
        { entry: { key: "default", id: ID_A, name: "Production" }, answer: { complete: true, rows: [row(ID_A, "Production")] } },
        {
          entry: { key: "group" },
          cursorIn: undefined,
          answer: { complete: false, cursor: "next-of-group", retryAfterSeconds: 30, rows: [row(ID_B, "Staging"), row(ID_C, "Acquired")] },
        },
      ],
      (answer) => answer.rows,
    );
    expect(merged.rows).toHaveLength(3);
    expect(merged.complete).toBe(false);
    expect(merged.retryAfterSeconds).toBe(30);
    expect(merged.accounts.map((a) => [a.name, a.complete, a.rows])).toEqual([
      ["Production", true, 1],
      ["Staging", false, 1],
      ["Acquired", false, 1],
    ]);
    expect(splitAccountsCursor(merged.cursor)).toEqual({ default: null, group: "next-of-group" });
  });

  it("counts each named account's rows, a row naming none on every line, and one account's coverage as the merge says it", () => {
    type Answer = { complete: boolean; rows: { account?: { id: string; name: string } }[] };
    const rowsOf = (answer: Answer) => answer.rows;
    const part = {
      entry: { key: "group" },
      answer: { complete: true, rows: [row(ID_B, "Staging"), {}, row(ID_C, "Acquired"), row(ID_B, "Staging")] },
    };
    const lines = [
      ["Staging", 3],
      ["Acquired", 2],
    ];
    expect(mergeAccountParts([part], rowsOf).accounts.map((a) => [a.name, a.rows])).toEqual(lines);
    expect(partCoverage(part, rowsOf)).toEqual(mergeAccountParts([part], rowsOf).accounts);
    expect(partCoverage(part, rowsOf, ID_C)).toEqual(mergeAccountParts([part], rowsOf, ID_C).accounts);
    // An entry whose rows name no account yet: one line for the entry, every row its own.
    const unnamed = { entry: { key: "solo", id: ID_A, name: "Solo" }, answer: { complete: false, rows: [{}, {}] } };
    expect(partCoverage(unnamed, rowsOf)).toEqual([{ id: ID_A, name: "Solo", complete: false, rows: 2 }]);
  });

  it("keeps a failed account as a coverage line with its reason, and does not retry it by the cursor", () => {
    const merged = mergeAccountParts(
      [
        { entry: { key: "default", id: ID_A, name: "Production" }, answer: { complete: true, rows: [row(ID_A, "Production")] } },
        { entry: { key: "group", name: "Holding" }, error: { message: "Authentication error" } },
      ],
      (answer: { complete: boolean; rows: { account: { id: string; name: string } }[] }) => answer.rows,
    );
    expect(merged.complete).toBe(false);
    expect(merged.cursor).toBeUndefined();
    expect(merged.accounts[1]).toEqual({ id: "", name: "Holding", complete: false, rows: 0, error: "Authentication error" });
  });

  it("sums a total over every account, and knows none while one account has not answered", () => {
    const production = { entry: { key: "default" }, answer: { complete: true, totalCount: 30, totalZones: 30, rows: [] } };
    const staging = { entry: { key: "staging" }, answer: { complete: true, totalCount: 12, totalZones: 12, rows: [] } };
    const refused = { entry: { key: "acquired" }, error: { message: "Authentication error" } };
    const rowsOf = (answer: { rows: never[] }) => answer.rows;
    expect(mergeAccountParts([production, staging], rowsOf).totalCount).toBe(42);
    expect(sumPartTotals([production, staging], "totalZones")).toBe(42);
    // The failed account's zones are unknown: not the others' 42 passed off as every account's.
    expect(mergeAccountParts([production, staging, refused], rowsOf).totalCount).toBeUndefined();
    expect(sumPartTotals([production, staging, refused], "totalZones")).toBeUndefined();
  });

  it("refuses a cursor that is not one of several accounts", () => {
    expect(() => splitAccountsCursor("bm90LWEtY3Vyc29y")).toThrow();
  });
});
