// jsonWithRows answers the same JSON as Response.json, whatever else the answer holds, and reuses a
// row's serialization only for that same row object.
import { describe, expect, it } from "vitest";
import { jsonWithRows } from "@/lib/http/json-with-rows";

describe("jsonWithRows", () => {
  it("parses to the same value as Response.json, with and without other fields", async () => {
    const rows = [{ id: "a", reasons: [{ code: "x", message: 'quote " and \u2028' }], skipped: undefined }, { id: "b", n: 1.5, none: null }];
    for (const answer of [{ zones: rows, complete: false, cursor: "c1", retryAfterSeconds: undefined }, { zones: [] as object[] }]) {
      const response = jsonWithRows(answer, "zones");
      expect(response.headers.get("content-type")).toBe("application/json");
      expect(JSON.parse(await response.text())).toEqual(await Response.json(answer).json());
    }
  });

  it("serializes a row once, and a changed row object again", async () => {
    const row = { id: "a", name: "first" };
    expect(JSON.parse(await jsonWithRows({ zones: [row] }, "zones").text()).zones[0].name).toBe("first");
    row.name = "mutated"; // rows are never mutated after answering: the remembered JSON shows that rule
    expect(JSON.parse(await jsonWithRows({ zones: [row] }, "zones").text()).zones[0].name).toBe("first");
    expect(JSON.parse(await jsonWithRows({ zones: [{ ...row }] }, "zones").text()).zones[0].name).toBe("mutated");
  });
});
