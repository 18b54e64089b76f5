// Issue 25 item 7: with no paranoia category turned off the docs disagree (concepts.mdx: "PL1 (default value)";
// configure-api.mdx: PL2 by turning off levels 3 and 4, so every level runs without overrides). Preflight shows
// both readings, never one as a fact, and never calls a level change that hangs on it a raise or a lowering.
import { describe, expect, it } from "vitest";
import type { RulesetRule } from "@/lib/rulesets/ruleset";
import { OWASP_ANOMALY_SCORE_RULE_ID, OWASP_CORE_RULESET_ID } from "@/lib/rulesets/managed-rulesets";
import { deployedOwasp } from "@/lib/rulesets/owasp-settings";
import { diffRulesets } from "@/lib/rulesets/diff";

function owasp(off: number[]): RulesetRule {
  return {
    action: "execute",
    expression: "true",
    enabled: true,
    action_parameters: {
      id: OWASP_CORE_RULESET_ID,
      overrides: {
        ...(off.length ? { categories: off.map((l) => ({ category: `paranoia-level-${l}`, enabled: false })) } : {}),
        rules: [{ id: OWASP_ANOMALY_SCORE_RULE_ID, action: "block", score_threshold: 40 }],
      },
    },
  };
}
const levelWords = (before: number[], after: number[]) =>
  diffRulesets({ rules: [owasp(before)] }, { rules: [owasp(after)] }).changes.map((c) => [c.kind, c.words]);

describe("the OWASP paranoia level without a paranoia override", () => {
  it("is read as not set, with a note naming both pages, never as PL4 or PL1", () => {
    const deployed = deployedOwasp({ rules: [owasp([])] })!;
    expect(deployed.paranoiaLevel).toBeNull();
    expect(deployed.paranoiaNote).toContain('concepts.mdx says "PL1 (default value)"');
    expect(deployed.paranoiaNote).toContain("configure-api.mdx reaches PL2");
    expect(deployedOwasp({ rules: [owasp([3, 4])] })).toEqual({ enabled: true, paranoiaLevel: 2, scoreThreshold: 40, action: "block" });
  });

  it("a change to or from it names both readings and is not told as a raise or a lowering", () => {
    for (const [before, after] of [
      [[3, 4], []],
      [[], [2, 3, 4]],
    ] as const) {
      const changes = levelWords([...before], [...after]);
      expect(changes).toHaveLength(1);
      const [kind, words] = changes[0]!;
      expect(kind).toBe("paranoia_level");
      expect(words).toContain("not set by the overrides");
      expect(words).toContain("PL1 per concepts.mdx, PL4 per configure-api.mdx");
      expect(words).toContain("not told as a raise or a lowering");
      // The unset side is never given a number of its own.
      expect(words).toMatch(/^OWASP paranoia level (not set by the overrides → \d|\d → not set by the overrides) \(/);
    }
  });

  it("a change between two levels the overrides set is said as before", () => {
    expect(levelWords([2, 3, 4], [4])).toEqual([["paranoia_level", "OWASP paranoia level 1 → 3"]]);
    expect(levelWords([], [])).toEqual([]);
  });
});
