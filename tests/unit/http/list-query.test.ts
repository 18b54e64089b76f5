import { describe, expect, it } from "vitest";
import { InputError } from "@/lib/errors/input-error";
import { readListQuery } from "@/lib/http/list-query";

const read = (query: string) => readListQuery(new URL(`http://preflight.test/api/zones?${query}`));

describe("readListQuery (zones and certificates alike)", () => {
  it("defaults to a JSON answer from wherever is fresh", () => {
    expect(read("")).toEqual({ format: "json", source: "auto", cursor: undefined, refresh: false });
  });

  it("reads refresh as 1/true/0/false on both listings", () => {
    expect(read("refresh=1").refresh).toBe(true);
    expect(read("refresh=true").refresh).toBe(true);
    expect(read("refresh=0").refresh).toBe(false);
  });

  it.each([
    ["format=xml", "format"],
    ["source=cache", "source"],
    ["refresh=yes", "refresh"],
    [`cursor=${"a".repeat(2049)}`, "cursor"],
  ])("answers %s with a 400 naming %s", (query, field) => {
    let error: unknown;
    try {
      read(query);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).field).toBe(field);
  });
});
