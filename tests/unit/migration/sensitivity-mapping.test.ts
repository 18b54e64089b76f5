import { describe, expect, it } from "vitest";
import { mapAction, mapSensitivity, SENSITIVITY_TABLE } from "@/lib/migration/sensitivity-mapping";

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
