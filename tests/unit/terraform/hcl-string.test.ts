// HCL strings and comments the export writes, read back by the real parser: any text survives exactly
// (quotes, backslashes, template introductions and their escapes, controls, any Unicode), and no text
// can leave a comment or open an interpolation.
import { describe, expect, it } from "vitest";
import { commentText, hclKey, hclString } from "@/lib/terraform/hcl-string";
import { comment, renderHcl, attribute } from "@/lib/terraform/hcl-writer";
import { decodeLiteral, parseHcl } from "@/tests/unit/terraform/hcl";
import { HOSTILE_TEXT } from "@/tests/unit/terraform/sources";

/** A seeded generator: the same strings on every run. */
function strings(count: number, seed: number): string[] {
  let state = seed >>> 0;
  const next = () => {
    state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    return state / 2 ** 32;
  };
  const alphabet = [
    "$",
    "%",
    "{",
    "}",
    "$${",
    "%%{",
    "${",
    "%{",
    "~",
    "\\",
    '"',
    "'",
    "\n",
    "\r",
    "\t",
    "\u0000",
    "\u001b",
    "\u007f",
    "\u2028",
    "#",
    "//",
    "/*",
    "*/",
    "<<EOF",
    "a",
    "Z",
    "0",
    " ",
    "é",
    "中",
    "😀",
  ];
  return Array.from({ length: count }, () =>
    Array.from({ length: 1 + Math.floor(next() * 12) }, () => alphabet[Math.floor(next() * alphabet.length)]).join(""),
  );
}

describe("HCL strings", () => {
  it("keep any text exactly, as the parser reads it back", async () => {
    const texts = [...HOSTILE_TEXT, "", "$", "%", "$$", "%%", "${", "$${", "$$${x}", "%%%{x}", "\\u0041", ...strings(400, 18)];
    const file = texts.map((text, i) => `s${i} = ${hclString(text)}`).join("\n");
    const parsed = (await parseHcl(file)) as Record<string, string>;
    const back = texts.map((_, i) => decodeLiteral(parsed[`s${i}`]!));
    expect(back).toEqual(texts);
  });

  it("never write an interpolation or a directive, whatever the text", () => {
    for (const text of strings(400, 7)) {
      const literal = hclString(text).slice(1, -1);
      // Every `${` or `%{` left is the escaped form (its introduction doubled).
      expect(() => decodeLiteral(literal), JSON.stringify(text)).not.toThrow();
    }
  });

  it("quote keys that are not identifiers", async () => {
    const parsed = (await parseHcl(
      renderHcl([
        attribute("m", {
          object: [attribute("4814384a9e5d4991b9815dcfc25d2f1f", "x"), attribute('a "b"', "y"), attribute("plain_key", "z")],
        }),
      ]),
    )) as Record<string, Record<string, string>>;
    expect(parsed.m).toEqual({ "4814384a9e5d4991b9815dcfc25d2f1f": "x", 'a "b"': "y", plain_key: "z" });
    expect(hclKey("plain_key")).toBe("plain_key");
  });
});

describe("HCL comments", () => {
  it("hold any text on their own lines: the file parses to nothing but what was meant", async () => {
    const texts = [...HOSTILE_TEXT, 'x\n}\nresource "a" "b" {\n', ...strings(200, 99)];
    const file = renderHcl([comment(...texts), attribute("kept", "yes")]);
    expect(await parseHcl(file)).toEqual({ kept: "yes" });
    for (const text of texts) expect(commentText(text)).not.toMatch(/[\n\r\u2028\u2029]/);
  });
});
