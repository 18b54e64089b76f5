// A dispatch table's selectors packed as numbers: found in any case, listed lowercase in order, junk left out.
import { describe, expect, it } from "vitest";
import { SelectorSet } from "@/lib/decode/selector-set";

describe("SelectorSet", () => {
  const table = new SelectorSet(["0xa9059cbb", "0x095EA7B3", "0x00000000", "0xffffffff", "0xa9059cbb", "transfer", "0x1234"]);

  it("holds each selector once, whatever its case", () => {
    expect(table.size).toBe(4);
    for (const selector of ["0xa9059cbb", "0xA9059CBB", "0x095ea7b3", "0x00000000", "0xffffffff"]) expect(table.has(selector)).toBe(true);
  });

  it("holds nothing else", () => {
    for (const selector of ["0x23b872dd", "0xa9059cbc", "0x095ea7b", "a9059cbb", "0x1234", "transfer", ""])
      expect(table.has(selector)).toBe(false);
    expect(new SelectorSet().has("0x00000000")).toBe(false);
  });

  it("lists its selectors lowercase, in numeric order", () => {
    expect([...table]).toEqual(["0x00000000", "0x095ea7b3", "0xa9059cbb", "0xffffffff"]);
  });
});
