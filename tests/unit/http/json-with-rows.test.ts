// jsonWithRows answers the same JSON value as Response.json (written in ASCII), whatever else the answer
// holds; a row it answered is frozen all the way down, so the JSON kept for it cannot go stale; a page of
// rows is encoded once and only reused for the same row objects in the same order.
import { describe, expect, it, vi } from "vitest";
import { asciiJson, jsonWithRows } from "@/lib/http/json-with-rows";

const body = async (response: Response) => JSON.parse(await response.text());

describe("asciiJson", () => {
  it("writes every character outside ASCII as its escape, the same value once parsed", () => {
    const value = { note: 'high → PL2; é, \u2028, 🔒, \u007f and "quotes"', list: ["✓"] };
    const json = asciiJson(JSON.stringify(value));
    expect(json).toBe('{"note":"high \\u2192 PL2; \\u00e9, \\u2028, \\ud83d\\udd12, \u007f and \\"quotes\\"","list":["\\u2713"]}');
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe("jsonWithRows", () => {
  it("parses to the same value as Response.json, with and without other fields", async () => {
    const rows = [
      { id: "a", reasons: [{ code: "x", message: 'quote " and \u2028, é → ✓ 🔒' }], skipped: undefined },
      { id: "b", n: 1.5, none: null },
    ];
    for (const answer of [
      { zones: rows, complete: false, cursor: "c1", retryAfterSeconds: undefined },
      { zones: [] as object[] },
      { zones: [] as object[], totalCount: 0 },
    ]) {
      const response = jsonWithRows(answer, "zones");
      expect(response.headers.get("content-type")).toBe("application/json");
      const text = await response.text();
      expect(JSON.parse(text)).toEqual(await Response.json(answer).json());
      expect(text).toMatch(/^[\x20-\x7e]*$/); // ASCII: "é → ✓ 🔒" as \u escapes
      const { zones, ...rest } = answer;
      expect(text).toBe(asciiJson(JSON.stringify({ ...rest, zones }))); // the rows last, otherwise as JSON.stringify
    }
  });

  it("freezes an answered row deeply: a later change throws and the answer stays what the row says", async () => {
    const row = { id: "a", name: "first", reasons: [{ code: "x", message: "m" }], unknown: ["status"] };
    expect((await body(jsonWithRows({ zones: [row] }, "zones"))).zones[0].name).toBe("first");
    expect(() => (row.name = "mutated")).toThrow(TypeError);
    expect(() => row.reasons.push({ code: "y", message: "n" })).toThrow(TypeError);
    expect(() => (row.reasons[0]!.message = "changed")).toThrow(TypeError);
    expect(() => row.unknown.splice(0, 1)).toThrow(TypeError);
    expect(await body(jsonWithRows({ zones: [row] }, "zones"))).toEqual({
      zones: [{ id: "a", name: "first", reasons: [{ code: "x", message: "m" }], unknown: ["status"] }],
    });
  });

  it("reuses a page only for the same rows in the same order, and each answer's own head", async () => {
    const [a, b, c] = [{ id: "a" }, { id: "b" }, { id: "c" }];
    const ids = async (zones: object[], extra = {}) => {
      const answer = await body(jsonWithRows({ fetchedAt: String(zones.length), ...extra, zones }, "zones"));
      return { ids: answer.zones.map((z: { id: string }) => z.id), fetchedAt: answer.fetchedAt, cursor: answer.cursor };
    };
    expect(await ids([a, b])).toEqual({ ids: ["a", "b"], fetchedAt: "2" });
    expect(await ids([a, b], { cursor: "next" })).toEqual({ ids: ["a", "b"], fetchedAt: "2", cursor: "next" });
    expect(await ids([a, c])).toEqual({ ids: ["a", "c"], fetchedAt: "2" });
    expect(await ids([a, c, b])).toEqual({ ids: ["a", "c", "b"], fetchedAt: "3" });
    expect(await ids([a])).toEqual({ ids: ["a"], fetchedAt: "1" });
    // A copy of a row is another row: its own JSON, not the original's.
    expect(await ids([{ ...a, id: "a2" }, b])).toEqual({ ids: ["a2", "b"], fetchedAt: "2" });
  });

  it("on the edge, hands out no kept bytes: a consumer taking over every chunk's buffer leaves the next answer whole", async () => {
    vi.stubGlobal("navigator", { userAgent: "Cloudflare-Workers" });
    try {
      const rows = Array.from({ length: 50 }, (_, i) => ({ id: `zone-${i}`, note: "→ ✓" }));
      const expected = asciiJson(JSON.stringify({ complete: true, zones: rows }));
      for (let i = 0; i < 3; i++) {
        const reader = jsonWithRows({ complete: true, zones: rows }, "zones").body!.getReader();
        let text = "";
        for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
          text += new TextDecoder().decode(chunk.value);
          structuredClone(chunk.value.buffer, { transfer: [chunk.value.buffer] }); // detaches it, as a runtime may
        }
        expect(text).toBe(expected);
      }
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("answers many times from the same kept page without it changing", async () => {
    const rows = Array.from({ length: 100 }, (_, i) => ({ id: `zone-${i}`, note: "→ ✓" }));
    const first = await jsonWithRows({ zones: rows }, "zones").text();
    for (let i = 0; i < 3; i++) expect(await jsonWithRows({ zones: rows }, "zones").text()).toBe(first);
  });
});
