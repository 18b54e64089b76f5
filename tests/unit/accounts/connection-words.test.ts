import { describe, expect, it } from "vitest";
import { accountsInWords } from "@/lib/accounts/connection-words";

describe("which accounts the header names", () => {
  it("names the one configured account by its id", () => {
    expect(accountsInWords("a".repeat(32), [{ key: "default" }])).toBe("a".repeat(32));
  });

  it("says every account the credentials reach when none is configured", () => {
    expect(accountsInWords(undefined, [{ key: "default" }])).toBe("every account the credentials reach");
  });

  it("counts the credentials when several are configured, not the first one's account alone", () => {
    expect(accountsInWords("a".repeat(32), [{ key: "default" }, { key: "group" }])).toBe(
      "every account of 2 credentials (listed under Settings › Accounts)",
    );
  });
});
