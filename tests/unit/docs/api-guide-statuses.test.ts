// The API guide's word on error kinds and HTTP statuses matches the one table (lib/errors/error-kinds.ts):
// where a kind answers more than one status, the guide must not say each kind has one.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ERROR_KINDS } from "@/lib/errors/error-kinds";

const guide = readFileSync("docs/api-guide.md", "utf8").replace(/\s+/g, " ");

describe("docs/api-guide.md on error kinds", () => {
  it("names every kind that answers more than one status, with its statuses", () => {
    const several = Object.entries(ERROR_KINDS).filter(([, kind]) => "alsoStatus" in kind && kind.alsoStatus);
    expect(several.length).toBeGreaterThan(0);
    if (several.length > 0) expect(guide).not.toMatch(/each with one HTTP status/);
    for (const [name, kind] of several) {
      const statuses = [kind.status, ...((kind as { alsoStatus?: number[] }).alsoStatus ?? [])];
      expect(guide).toMatch(new RegExp(`\`${name}\`[^.]*${statuses.join("[^.]*")}`));
    }
  });
});
