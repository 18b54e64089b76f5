// The format step's line rule: a line over 160 characters fails unless the allow-list names it, fixtures are not checked.
import { describe, expect, it } from "vitest";
import { isChecked, longLines, staleAllowances } from "@/tests/tools/long-lines-rule";

const line = (length: number, start = "") => start + "x".repeat(length - start.length);

describe("longLines", () => {
  it("finds each line over the limit, with its number and length in characters", () => {
    const text = [line(160), line(161), "", `  ${line(170)}`].join("\n");
    expect(longLines("a.ts", text)).toEqual([
      { path: "a.ts", line: 2, length: 161 },
      { path: "a.ts", line: 4, length: 172 },
    ]);
    // "…" is one character though three bytes: 160 of them fit.
    expect(longLines("a.ts", "…".repeat(160))).toEqual([]);
    expect(longLines("a.ts", `${line(150)}\r\n${line(161)}\r\n`)).toEqual([{ path: "a.ts", line: 2, length: 161 }]);
  });

  it("lets through only the long lines the allow-list names by their start", () => {
    const text = [`    ${line(200, 'note: "allowed')}`, line(200, 'note: "other')].join("\n");
    expect(longLines("a.ts", text, ['note: "allowed'])).toEqual([{ path: "a.ts", line: 2, length: 200 }]);
  });
});

describe("staleAllowances", () => {
  it("names the entries whose line was split or removed", () => {
    const text = [line(200, "kept"), line(100, "split")].join("\n");
    expect(staleAllowances(text, ["kept", "split", "gone"])).toEqual(["split", "gone"]);
  });
});

describe("isChecked", () => {
  it("checks sources and skips fixtures, build output and generated files", () => {
    expect(["lib/a.ts", "components/b.tsx", "next.config.mjs", "tests/tools/d.ts"].every(isChecked)).toBe(true);
    expect(["tests/fixtures/a.ts", "public/a.js", ".next/a.js", "next-env.d.ts", "README.md", "a.json"].some(isChecked)).toBe(false);
  });
});
