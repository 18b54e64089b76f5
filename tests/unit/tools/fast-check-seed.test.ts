// tests/fast-check-seed.ts: each file's properties draw from one known seed, FC_SEED's when given, so a failure replays.
import fc from "fast-check";
import { describe, expect, it } from "vitest";

describe("the fast-check seed of a test file", () => {
  it("is fixed for the whole file, and is FC_SEED when that is set", () => {
    const { seed } = fc.readConfigureGlobal();
    expect(seed).toEqual(expect.any(Number));
    if (process.env.FC_SEED !== undefined) expect(seed).toBe(Number(process.env.FC_SEED));
  });

  it("replays the same draws from the same seed", () => {
    const draws = () => fc.sample(fc.string(), { numRuns: 5, seed: fc.readConfigureGlobal().seed });
    expect(draws()).toEqual(draws());
    const seen: string[] = [];
    fc.assert(
      fc.property(fc.string(), (s) => void seen.push(s)),
      { numRuns: 5 },
    );
    expect(seen).toEqual(draws());
  });
});
