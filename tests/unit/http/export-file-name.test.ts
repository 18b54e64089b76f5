// A saved export keeps no header: its name says when it is not whole.
import { describe, expect, it } from "vitest";
import { exportFileName } from "@/lib/csv";

describe("exportFileName", () => {
  it("keeps a whole export's name and marks a partial one before its extension", () => {
    expect(exportFileName("zones.csv", true)).toBe("zones.csv");
    expect(exportFileName("zones.csv", false)).toBe("zones-partial.csv");
    expect(exportFileName("certificate-impact.csv", false)).toBe("certificate-impact-partial.csv");
    expect(exportFileName("export", false)).toBe("export-partial");
  });
});
