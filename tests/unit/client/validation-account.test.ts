// The Validation page's reads name the zone's account beside the window, so the server reads it with that account's credentials.
import { describe, expect, it } from "vitest";
import { windowQuery, withAccountParam } from "@/components/validation-mode/labels";

describe("a validation read's query", () => {
  it("adds the zone's account to the window, and leaves it alone without one", () => {
    const window = windowQuery({ since: "2026-11-18T00:00:00Z", until: "2026-11-25T00:00:00Z" });
    const withAccount = new URLSearchParams(withAccountParam(window, "a".repeat(32)));
    expect(withAccount.get("account")).toBe("a".repeat(32));
    expect(withAccount.get("since")).toBe("2026-11-18T00:00:00Z");
    expect(withAccountParam(window, undefined)).toBe(window);
  });
});
