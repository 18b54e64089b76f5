import { describe, expect, it } from "vitest";
import { DEFAULT_ACTION, mapAction, mapSensitivity, sensitivityRow, SENSITIVITY_TABLE } from "@/lib/migration/sensitivity-mapping";

describe("sensitivity → paranoia level mapping (the document's table)", () => {
  it.each([
    ["high", 2, 40, "Medium"],
    ["medium", 1, 25, "High"],
    ["low", 1, 40, "Medium"],
    ["default", 2, 40, "Medium"],
  ] as const)("%s → PL%i, score threshold %i (%s)", (sensitivity, level, threshold, name) => {
    expect(mapSensitivity(sensitivity)).toEqual({ paranoiaLevel: level, scoreThreshold: threshold, scoreThresholdName: name });
  });

  it("has exactly the document's four rows", () => {
    expect(Object.keys(SENSITIVITY_TABLE).sort()).toEqual(["default", "high", "low", "medium"]);
  });

  it("has no row for a rule set that is off, nor for unknown values", () => {
    expect(mapSensitivity("off")).toBeUndefined();
    expect(mapSensitivity("toString")).toBeUndefined();
    expect(sensitivityRow("off")).toBe("off");
    expect(sensitivityRow("extreme")).toBe("unknown");
  });

  it.each([undefined, null, "", "  ", "default", "Default"])("reads %j as the document's Default row: PL2, Medium (40)", (value) => {
    expect(sensitivityRow(value)).toBe("default");
    expect(mapSensitivity(value)).toEqual({ paranoiaLevel: 2, scoreThreshold: 40, scoreThresholdName: "Medium" });
  });

  it("maps every value the real schema allows (firewall_sensitivity: high, medium, low, off)", () => {
    const rows = ["high", "medium", "low", "off"].map((s) => [s, sensitivityRow(s), mapSensitivity(s)?.paranoiaLevel ?? null]);
    expect(rows).toEqual([
      ["high", "high", 2],
      ["medium", "medium", 1],
      ["low", "low", 1],
      ["off", "off", null],
    ]);
  });

  it("reads the document's capitalised names like the API's", () => {
    expect(mapSensitivity("High")).toEqual(SENSITIVITY_TABLE.high);
    expect(mapAction("Simulate")).toBe("log");
  });

  it("reads an absent action as the schema's default (challenge)", () => {
    expect(DEFAULT_ACTION).toBe("challenge");
    expect(mapAction(undefined)).toBe("challenge");
    expect(mapAction("")).toBe("challenge");
  });

  it.each([
    ["simulate", "log"],
    ["block", "block"],
    ["challenge", "challenge"],
  ])("action %s becomes %s", (old, next) => {
    expect(mapAction(old)).toBe(next);
  });

  it("maps no unknown action", () => {
    expect(mapAction("constructor")).toBeUndefined();
  });
});
