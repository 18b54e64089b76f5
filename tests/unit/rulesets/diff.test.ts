// The ruleset diff by meaning: rules recognised by ref, id or expression, moves that change nothing
// left out of the changes, each change named in words.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Ruleset, RulesetRule } from "@/lib/rulesets/ruleset";
import { CLOUDFLARE_MANAGED_RULESET_ID, OWASP_ANOMALY_SCORE_RULE_ID, OWASP_CORE_RULESET_ID } from "@/lib/rulesets/managed-rulesets";
import { describeRulesetDiff, diffRulesets } from "@/lib/rulesets/diff";

const skipApi: RulesetRule = {
  id: "",
  ref: "",
  action: "skip",
  expression: 'http.request.uri.path contains "/api/"',
  enabled: true,
  action_parameters: { ruleset: "current" },
  logging: { enabled: true },
};
const blockSqli: RulesetRule = {
  action: "block",
  description: "Block SQLi",
  expression: 'http.request.uri.query contains "union select"',
  enabled: true,
};
const managed: RulesetRule = {
  id: "",
  action: "execute",
  expression: "true",
  enabled: true,
  action_parameters: { id: CLOUDFLARE_MANAGED_RULESET_ID },
};

function owasp(level: number, threshold: number, action = "block"): RulesetRule {
  const off = [1, 2, 3, 4].filter((l) => l > level);
  return {
    id: "",
    action: "execute",
    expression: "true",
    enabled: true,
    action_parameters: {
      id: OWASP_CORE_RULESET_ID,
      overrides: {
        categories: off.map((l) => ({ category: `paranoia-level-${l}`, enabled: false })),
        rules: [{ id: OWASP_ANOMALY_SCORE_RULE_ID, action, score_threshold: threshold }],
      },
    },
  };
}

const proposed: Ruleset = { name: "default", rules: [skipApi, managed, owasp(2, 40)] };
/** The same rules as the platform answers them once deployed: ids, refs and versions assigned, execute rules on "latest". */
const live: Ruleset = {
  rules: proposed.rules.map((rule, i) => ({
    ...rule,
    id: `${i}`.repeat(32),
    ref: `${i}`.repeat(32),
    version: "1",
    last_updated: "2026-01-01T00:00:00Z",
    ...(rule.action === "execute" ? { action_parameters: { ...rule.action_parameters, version: "latest" } } : {}),
  })),
};

const words = (before: Ruleset | null | undefined, after: Ruleset) => diffRulesets(before, after).changes.map((c) => c.words);
const withRules = (rules: RulesetRule[]): Ruleset => ({ rules });

describe("no change by meaning", () => {
  it("a ruleset against itself", () => {
    expect(diffRulesets(proposed, proposed)).toEqual({ changes: [], moved: [] });
  });

  it("the proposed configuration against the same rules deployed (ids, refs, versions assigned)", () => {
    expect(diffRulesets(live, proposed)).toEqual({ changes: [], moved: [] });
    expect(diffRulesets(proposed, live)).toEqual({ changes: [], moved: [] });
  });

  it("defaults written out or left out: enabled true, a skip rule's logging, the latest version, key order", () => {
    const spelled = withRules([
      { action_parameters: { ruleset: "current" }, expression: skipApi.expression, action: "skip" },
      { ...managed, action_parameters: { version: "latest", id: CLOUDFLARE_MANAGED_RULESET_ID } },
      owasp(2, 40),
    ]);
    expect(diffRulesets(proposed, spelled).changes).toEqual([]);
  });

  it("two log rules that swap places only moved", () => {
    const a: RulesetRule = { action: "log", expression: "ip.src eq 192.0.2.1", ref: "a" };
    const b: RulesetRule = { action: "log", expression: "ip.src eq 192.0.2.2", ref: "b" };
    const diff = diffRulesets(withRules([a, b, managed]), withRules([b, a, managed]));
    expect(diff.changes).toEqual([]);
    expect(diff.moved).toHaveLength(1);
    expect(diff.moved[0]!.words).toMatch(/^log rule when ip.src eq 192.0.2.(1|2) moved from rule \d to rule \d$/);
  });

  it("rules shifted by an added rule did not move", () => {
    const extra: RulesetRule = {
      action: "skip",
      expression: 'http.host eq "static.example.com"',
      action_parameters: { ruleset: "current" },
    };
    const diff = diffRulesets(proposed, withRules([extra, ...proposed.rules]));
    expect(diff.moved).toEqual([]);
    expect(diff.changes.map((c) => c.kind)).toEqual(["rule_added"]);
    expect(diff.changes[0]!.words).toBe('skip rule when http.host eq "static.example.com" added (rule 1 of 4)');
  });
});

describe("order that changes what runs", () => {
  it("a skip rule now after the managed rulesets it skipped", () => {
    const diff = diffRulesets(proposed, withRules([managed, owasp(2, 40), skipApi]));
    expect(diff.moved).toEqual([]);
    expect(diff.changes).toHaveLength(1);
    expect(diff.changes[0]).toMatchObject({
      kind: "order",
      words: "skip rule for /api now runs after execute Cloudflare Managed Ruleset, execute Cloudflare OWASP Core Ruleset",
      before: 0,
      after: 2,
    });
  });

  it("the two managed rulesets swapped: the first one's block decides", () => {
    const diff = diffRulesets(proposed, withRules([skipApi, owasp(2, 40), managed]));
    expect(diff.changes).toHaveLength(1);
    expect(diff.changes[0]!.kind).toBe("order");
    expect(diff.changes[0]!.words).toMatch(/^execute Cloudflare (Managed|OWASP Core) Ruleset now runs (before|after) execute Cloudflare/);
  });
});

describe("each kind of change, in words", () => {
  it("no entry point yet: created, every rule added", () => {
    for (const before of [null, undefined]) {
      expect(words(before, proposed)).toEqual([
        "entry point created with 3 rules",
        "skip rule for /api added (rule 1 of 3)",
        "execute Cloudflare Managed Ruleset added (rule 2 of 3)",
        "execute Cloudflare OWASP Core Ruleset added (rule 3 of 3)",
      ]);
    }
    expect(diffRulesets(null, proposed).changes.map((c) => c.kind)).toEqual([
      "entrypoint_created",
      "rule_added",
      "execute_added",
      "execute_added",
    ]);
  });

  it("OWASP paranoia level, score threshold and action", () => {
    expect(words(withRules([owasp(2, 40, "challenge")]), withRules([owasp(3, 25, "block")]))).toEqual([
      "OWASP paranoia level 2 → 3",
      "OWASP score threshold Medium (40) → High (25)",
      "OWASP action challenge → block",
    ]);
    expect(words(withRules([owasp(1, 60)]), withRules([owasp(1, 38)]))).toEqual(["OWASP score threshold Low (60) → 38"]);
  });

  it("a threshold and action no longer set", () => {
    const bare: RulesetRule = {
      ...owasp(2, 40),
      action_parameters: {
        id: OWASP_CORE_RULESET_ID,
        overrides: {
          categories: [
            { category: "paranoia-level-3", enabled: false },
            { category: "paranoia-level-4", enabled: false },
          ],
        },
      },
    };
    expect(words(withRules([owasp(2, 40)]), withRules([bare]))).toEqual([
      "OWASP score threshold Medium (40) → not set (the ruleset's default)",
      "OWASP action block → (ruleset default)",
    ]);
  });

  it("a rule's action and status", () => {
    expect(words(withRules([blockSqli]), withRules([{ ...blockSqli, action: "log" }]))).toEqual(["rule 'Block SQLi' action block → log"]);
    expect(words(withRules([blockSqli]), withRules([{ ...blockSqli, enabled: false }]))).toEqual(["rule 'Block SQLi' disabled"]);
    expect(words(withRules([{ ...managed, enabled: false }]), withRules([managed]))).toEqual([
      "execute Cloudflare Managed Ruleset enabled",
    ]);
  });

  it("a skip rule added and removed, named by its path", () => {
    expect(words(withRules([managed]), withRules([skipApi, managed]))).toEqual(["skip rule for /api added (rule 1 of 2)"]);
    expect(words(withRules([skipApi, managed]), withRules([managed]))).toEqual(["skip rule for /api removed"]);
    expect(diffRulesets(withRules([skipApi, managed]), withRules([managed])).changes[0]).toMatchObject({
      kind: "rule_removed",
      rule: { before: 0 },
    });
  });

  it("a managed ruleset execute added and removed", () => {
    const diff = diffRulesets(withRules([skipApi, managed]), withRules([skipApi, owasp(2, 40)]));
    expect(diff.changes.map((c) => [c.kind, c.words])).toEqual([
      ["execute_removed", "execute Cloudflare Managed Ruleset removed"],
      ["execute_added", "execute Cloudflare OWASP Core Ruleset added (rule 2 of 2)"],
    ]);
  });

  it("an expression changed on a rule recognised by ref, id, or the managed ruleset it runs", () => {
    const byRef = diffRulesets(withRules([{ ...blockSqli, ref: "sqli" }]), withRules([{ ...blockSqli, ref: "sqli", expression: "true" }]));
    expect(byRef.changes.map((c) => c.words)).toEqual([`rule 'Block SQLi' expression '${blockSqli.expression}' → 'true'`]);
    expect(byRef.changes[0]!.rule).toMatchObject({ ref: "sqli", matchedBy: "ref", before: 0, after: 0 });
    const byId = diffRulesets(
      withRules([{ ...blockSqli, id: "f".repeat(32) }]),
      withRules([{ ...blockSqli, id: "f".repeat(32), expression: "true" }]),
    );
    expect(byId.changes[0]!.rule).toMatchObject({ id: "f".repeat(32), matchedBy: "id" });
    const byRuleset = diffRulesets(withRules([managed]), withRules([{ ...managed, expression: 'http.host ne "a.example"' }]));
    expect(byRuleset.changes.map((c) => [c.kind, c.rule?.matchedBy])).toEqual([["expression", "ruleset"]]);
  });

  it("without ref or id, a changed expression is a rule removed and one added", () => {
    expect(diffRulesets(withRules([blockSqli]), withRules([{ ...blockSqli, expression: "true" }])).changes.map((c) => c.kind)).toEqual([
      "rule_removed",
      "rule_added",
    ]);
  });

  it("ref before id before expression", () => {
    // The ref says rule one is now the one with rule two's id and expression.
    const one: RulesetRule = { ref: "one", id: "1".repeat(32), action: "block", expression: "a" };
    const two: RulesetRule = { ref: "two", id: "2".repeat(32), action: "log", expression: "b" };
    const diff = diffRulesets(
      withRules([one, two]),
      withRules([
        { ...one, id: "2".repeat(32), expression: "b" },
        { ...two, id: "1".repeat(32), expression: "a" },
      ]),
    );
    expect(diff.changes.every((c) => c.rule?.matchedBy === "ref")).toBe(true);
    expect(diff.changes.map((c) => c.kind)).toEqual(["expression", "expression"]);
  });

  it("a description, a managed ruleset swapped on a rule with an id, a field and a parameter", () => {
    const renamed = ["rule 'Block SQL injection' description 'Block SQLi' → 'Block SQL injection'"];
    expect(
      words(withRules([{ ...blockSqli, ref: "x" }]), withRules([{ ...blockSqli, ref: "x", description: "Block SQL injection" }])),
    ).toEqual(renamed);
    // A ref on one side only: recognised by its expression.
    expect(words(withRules([blockSqli]), withRules([{ ...blockSqli, ref: "x", description: "Block SQL injection" }]))).toEqual(renamed);
    expect(words(withRules([{ ...managed, id: "a".repeat(32) }]), withRules([{ ...owasp(2, 40), id: "a".repeat(32) }]))).toEqual([
      "execute Cloudflare OWASP Core Ruleset now executes Cloudflare OWASP Core Ruleset instead of Cloudflare Managed Ruleset",
    ]);
    expect(words(withRules([skipApi]), withRules([{ ...skipApi, logging: { enabled: false } }]))).toEqual([
      'skip rule for /api logging {"enabled":true} → {"enabled":false}',
    ]);
    expect(
      words(withRules([managed]), withRules([{ ...managed, action_parameters: { id: CLOUDFLARE_MANAGED_RULESET_ID, version: "3" } }])),
    ).toEqual(["execute Cloudflare Managed Ruleset version latest → 3"]);
  });

  it("what a skip rule skips", () => {
    const next = { ...skipApi, action_parameters: { rulesets: [OWASP_CORE_RULESET_ID] } };
    expect(words(withRules([skipApi]), withRules([next]))).toEqual([
      "skip rule for /api skips Cloudflare OWASP Core Ruleset instead of the remaining rules of the entry point",
    ]);
  });
});

describe("overrides, matched by category or rule id", () => {
  const withOverrides = (overrides: Record<string, unknown>): RulesetRule => ({
    ...managed,
    action_parameters: { id: CLOUDFLARE_MANAGED_RULESET_ID, overrides },
  });

  it("category overrides added, removed and changed", () => {
    const before = withOverrides({
      categories: [
        { category: "wordpress", enabled: false },
        { category: "joomla", action: "block" },
      ],
    });
    const after = withOverrides({
      categories: [
        { category: "joomla", action: "log" },
        { category: "drupal", enabled: false },
      ],
    });
    expect(words(withRules([before]), withRules([after]))).toEqual([
      "Cloudflare Managed Ruleset: category wordpress override removed (was disabled)",
      "Cloudflare Managed Ruleset: category joomla action block → log",
      "Cloudflare Managed Ruleset: category drupal override added (disabled)",
    ]);
  });

  it("rule overrides by id, whatever their order in the list", () => {
    const a = { id: "5de7edfa648c4d6891dc3e7f84534ffa", action: "log" };
    const b = { id: "e3a567afc347477d9702d9047e97d760", enabled: false };
    expect(words(withRules([withOverrides({ rules: [a, b] })]), withRules([withOverrides({ rules: [b, a] })]))).toEqual([]);
    expect(
      words(withRules([withOverrides({ rules: [a] })]), withRules([withOverrides({ rules: [{ ...a, action: "block" }, b] })])),
    ).toEqual([
      "Cloudflare Managed Ruleset: rule 5de7edfa648c4d6891dc3e7f84534ffa action log → block",
      "Cloudflare Managed Ruleset: rule e3a567afc347477d9702d9047e97d760 override added (disabled)",
    ]);
  });

  it("ruleset-wide overrides", () => {
    expect(words(withRules([managed]), withRules([withOverrides({ action: "log", enabled: false })]))).toEqual([
      "Cloudflare Managed Ruleset: every rule's action (ruleset default) → log",
      "Cloudflare Managed Ruleset: every rule's status (ruleset default) → disabled",
    ]);
  });

  it("paranoia categories are said as the level they move, not one by one", () => {
    const diff = diffRulesets(withRules([owasp(1, 40)]), withRules([owasp(3, 40)]));
    expect(diff.changes.map((c) => [c.kind, c.words, c.before, c.after])).toEqual([["paranoia_level", "OWASP paranoia level 1 → 3", 1, 3]]);
  });

  it("a paranoia category with the level unchanged is still a change", () => {
    // PL4 turned back on, PL3 still off: the level read stays 2, but rules of level 4 now run.
    const before = owasp(2, 40);
    const overrides = {
      categories: [{ category: "paranoia-level-3", enabled: false }],
      rules: [{ id: OWASP_ANOMALY_SCORE_RULE_ID, action: "block", score_threshold: 40 }],
    };
    expect(words(withRules([before]), withRules([{ ...before, action_parameters: { id: OWASP_CORE_RULESET_ID, overrides } }]))).toEqual([
      "Cloudflare OWASP Core Ruleset: category paranoia-level-4 override removed (was disabled)",
    ]);
  });
});

describe("properties", () => {
  const rule = fc.record({
    action: fc.constantFrom("skip", "block", "log", "execute"),
    expression: fc.constantFrom("true", 'http.host eq "a"', 'http.request.uri.path contains "/x/"', "ip.src eq 192.0.2.9"),
    enabled: fc.boolean(),
    description: fc.constantFrom("", "One", "Two"),
    action_parameters: fc.constantFrom(
      undefined,
      { ruleset: "current" },
      { id: OWASP_CORE_RULESET_ID },
      { id: CLOUDFLARE_MANAGED_RULESET_ID },
    ),
  });
  const rulesets = fc
    .array(rule, { maxLength: 8 })
    .map((rules) => rules.map((r, i) => ({ ...JSON.parse(JSON.stringify(r)), ref: `r${i}` }) as RulesetRule));

  it("a ruleset never differs from itself", () => {
    fc.assert(fc.property(rulesets, (rules) => diffRulesets(withRules(rules), withRules(rules)).changes.length === 0));
  });

  it("reordering log rules only moves them; every change has words and a kind", () => {
    fc.assert(
      fc.property(rulesets, fc.array(fc.nat()), (rules, seed) => {
        const logs = rules.map((r) => ({ ...r, action: "log", action_parameters: undefined }));
        const shuffled = [...logs].sort((a, b) => (seed[logs.indexOf(a)] ?? 0) - (seed[logs.indexOf(b)] ?? 0));
        const diff = diffRulesets(withRules(logs), withRules(shuffled));
        return diff.changes.length === 0 && diff.moved.length <= logs.length;
      }),
    );
    fc.assert(
      fc.property(rulesets, rulesets, (a, b) =>
        diffRulesets(withRules(a), withRules(b)).changes.every((c) => c.kind.length > 0 && c.words.length > 0),
      ),
    );
  });

  it("every rule is recognised, removed or added exactly once", () => {
    fc.assert(
      fc.property(rulesets, rulesets, (a, b) => {
        const { changes } = diffRulesets(withRules(a), withRules(b));
        const removed = changes.filter((c) => c.kind.endsWith("_removed")).length;
        const added = changes.filter((c) => c.kind.endsWith("_added")).length;
        return removed <= a.length && added <= b.length && a.length - removed === b.length - added;
      }),
    );
  });

  it("describeRulesetDiff says 'no change' for an empty diff", () => {
    expect(describeRulesetDiff(diffRulesets(proposed, live))).toEqual(["no change"]);
  });
});

describe("what the platform adds to its answers", () => {
  it("a rule's categories, last_updated and version are never a change", () => {
    const answered = {
      ...blockSqli,
      id: "b".repeat(32),
      ref: "b".repeat(32),
      version: "3",
      last_updated: "2026-02-01T00:00:00Z",
      categories: ["sqli"],
    };
    expect(diffRulesets(withRules([answered]), withRules([blockSqli])).changes).toEqual([]);
  });

  it('an executed ruleset\'s version "latest" that appears or vanishes is no change; a pinned version is', () => {
    const latest = { ...managed, action_parameters: { id: CLOUDFLARE_MANAGED_RULESET_ID, version: "latest" } };
    const pinned = { ...managed, action_parameters: { id: CLOUDFLARE_MANAGED_RULESET_ID, version: "3" } };
    expect(live.rules[1]!.action_parameters).toMatchObject({ version: "latest" });
    expect(diffRulesets(withRules([managed]), withRules([latest])).changes).toEqual([]);
    expect(diffRulesets(withRules([latest]), withRules([managed])).changes).toEqual([]);
    expect(words(withRules([latest]), withRules([pinned]))).toEqual(["execute Cloudflare Managed Ruleset version latest → 3"]);
    expect(words(withRules([pinned]), withRules([managed]))).toEqual(["execute Cloudflare Managed Ruleset version 3 → latest"]);
  });
});

describe("every managed ruleset the docs list, by name", () => {
  const execute = (id: string): RulesetRule => ({ action: "execute", expression: "true", action_parameters: { id, version: "latest" } });
  it.each([
    ["c2e184081120413c86c3ab7e14069605", "Cloudflare Exposed Credentials Check"],
    ["77454fe2d30c4220b5701f6fdfb893ba", "Cloudflare Free Managed Ruleset"],
    ["e22d83c647c64a3eae91b71b499d988e", "Cloudflare Sensitive Data Detection"],
    [CLOUDFLARE_MANAGED_RULESET_ID, "Cloudflare Managed Ruleset"],
    [OWASP_CORE_RULESET_ID, "Cloudflare OWASP Core Ruleset"],
  ])("%s is the %s, never its id", (id, name) => {
    expect(words(withRules([]), withRules([execute(id)]))).toEqual([`execute ${name} added`]);
    const skip: RulesetRule = { ...skipApi, action_parameters: { rulesets: [id], rules: { [id]: ["a".repeat(32)] } } };
    const said = words(withRules([skipApi]), withRules([skip]));
    expect(said).toEqual([`skip rule for /api skips ${name} and 1 rule(s) of ${name} instead of the remaining rules of the entry point`]);
    expect(said.join(" ")).not.toContain(id);
  });
});

describe("long entry points", () => {
  it("a skip rule moved past many rules is one line naming a few of them", () => {
    const blocks: RulesetRule[] = Array.from({ length: 10 }, (_, i) => ({
      action: "block",
      description: `Block ${i}`,
      expression: `ip.src eq 192.0.2.${i}`,
    }));
    const diff = diffRulesets(withRules([skipApi, ...blocks]), withRules([...blocks, skipApi]));
    expect(diff.changes.map((c) => c.words)).toEqual([
      "skip rule for /api now runs after rule 'Block 0', rule 'Block 1', rule 'Block 2', rule 'Block 3' and 6 more",
    ]);
  });
});
