// The export's query: a missing or bad `syntax` or `config` is refused naming the field.
import { describe, expect, it } from "vitest";
import { InputError } from "@/lib/errors/input-error";
import { chosenConfig } from "@/lib/terraform/export-plan";
import { exportQuery } from "@/lib/terraform/export-query";

const query = (search: string) => exportQuery(new URL(`http://127.0.0.1/api/terraform${search}`));

describe("the export's query", () => {
  it("reads syntax and config, config defaulting to auto", () => {
    expect(query("?syntax=v4&config=live")).toEqual({ syntax: "v4", config: "live" });
    expect(query("?syntax=v5")).toEqual({ syntax: "v5", config: "auto" });
  });

  it.each([
    ["", "syntax"],
    ["?syntax=", "syntax"],
    ["?syntax=v6", "syntax"],
    ["?syntax=V4", "syntax"],
    ["?syntax=v4&config=current", "config"],
  ])("refuses %j naming %s", (search, field) => {
    let error: unknown;
    try {
      query(search);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).field).toBe(field);
  });

  it("exports the live entry point of a migrated zone and the proposal of the others, unless told", () => {
    expect(chosenConfig("auto", "migrated")).toBe("live");
    expect(["previous", "validation", "unknown"].map((phase) => chosenConfig("auto", phase as never))).toEqual([
      "proposed",
      "proposed",
      "proposed",
    ]);
    expect(chosenConfig("proposed", "migrated")).toBe("proposed");
  });
});
