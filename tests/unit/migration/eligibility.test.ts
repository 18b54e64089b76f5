// Every eligibility rule, driven by data: evidence in, verdict and reason codes out.
import { describe, expect, it } from "vitest";
import { assessEligibility, failedEligibility } from "@/lib/migration/eligibility";
import type { ZoneEvidence } from "@/lib/migration/evidence";
import type { Ruleset } from "@/lib/rulesets/ruleset";

const onPrevious = { old_waf_status: "enabled", new_waf_status: "disabled", migration_state: "start" };
const config = (rules: Ruleset["rules"] = []): Ruleset => ({
  name: "default",
  rules: [...rules, { action: "execute", expression: "true", action_parameters: { id: "efb7b8c949ac4650a09736fc376e9aee" } }],
});
const skip = (expression = "(ip.src eq 192.0.2.1)") => ({ action: "skip", expression, description: "bypass" });
const base: ZoneEvidence = { status: onPrevious, check: { compatible: true, migration_state: "start" }, overrides: [], config: config() };

const cases: Array<[string, string, ZoneEvidence, string, string[]]> = [
  ["an eligible zone", "pro", base, "eligible", ["eligible", "validation_unavailable"]],
  ["an eligible Enterprise zone", "enterprise", base, "eligible", ["eligible", "validation_available"]],
  [
    "a zone the check refuses",
    "business",
    { ...base, check: { compatible: false, migration_state: "start" } },
    "blocked",
    ["not_compatible", "validation_unavailable"],
  ],
  [
    "a zone with URI-based overrides",
    "pro",
    {
      ...base,
      check: { compatible: false, migration_state: "start" },
      overrides: [{ id: "o1", urls: ["shop.example/admin/*"], description: "admin" }],
    },
    "blocked",
    ["uri_overrides", "validation_unavailable"],
  ],
  [
    "a zone with 201 rules to migrate",
    "pro",
    { ...base, config: config(Array.from({ length: 201 }, () => skip())) },
    "blocked",
    ["too_many_rules", "validation_unavailable"],
  ],
  [
    "a zone with exactly 200 rules to migrate",
    "pro",
    { ...base, config: config(Array.from({ length: 200 }, () => skip())) },
    "eligible",
    ["eligible", "validation_unavailable"],
  ],
  [
    "a zone with a 4097-byte expression",
    "free",
    { ...base, config: config([skip("x".repeat(4097))]) },
    "blocked",
    ["expression_too_long", "validation_unavailable"],
  ],
  [
    "a zone with a 4096-byte expression",
    "free",
    { ...base, config: config([skip("x".repeat(4096))]) },
    "eligible",
    ["eligible", "validation_unavailable"],
  ],
  [
    "a zone already on the new rules",
    "pro",
    { status: { old_waf_status: "disabled", new_waf_status: "enabled", migration_state: "completed" } },
    "migrated",
    ["already_migrated"],
  ],
  [
    "a zone in validation mode",
    "enterprise",
    { ...base, status: { old_waf_status: "enabled", new_waf_status: "enabled", migration_state: "validation" } },
    "validation",
    ["in_validation"],
  ],
  [
    "a zone with the firewall off",
    "business",
    { ...base, status: { ...onPrevious, old_waf_status: "disabled" } },
    "eligible",
    ["eligible", "validation_unavailable", "firewall_disabled"],
  ],
];

describe("assessEligibility", () => {
  it.each(cases)("%s (%s) → %s", (_, plan, evidence, verdict, codes) => {
    const result = assessEligibility(plan, evidence);
    expect(result.verdict).toBe(verdict);
    expect(result.eligible).toBe(verdict === "eligible");
    expect(result.reasons.map((r) => r.code)).toEqual(codes);
    for (const reason of result.reasons) expect(reason.message.length).toBeGreaterThan(20);
  });

  it("names the offending rule and its length", () => {
    const result = assessEligibility("pro", { ...base, config: config([skip(), skip("y".repeat(5000))]) });
    expect(result.reasons[0]!.message).toContain("Rule 2");
    expect(result.reasons[0]!.message).toContain("5000 bytes");
  });

  it("lists every URI-based override and says they go by API only", () => {
    const overrides = [
      { id: "a", urls: ["x.example/a/*"], description: "first" },
      { id: "b", urls: ["x.example/b/*"], description: null },
    ];
    const [reason] = assessEligibility("pro", { ...base, overrides }).reasons;
    expect(reason!.message).toContain("x.example/a/* (first)");
    expect(reason!.message).toContain("x.example/b/*");
    expect(reason!.nextStep).toMatch(/API/);
  });

  it("offers validation mode only on Enterprise", () => {
    expect(assessEligibility("enterprise", base).validationAvailable).toBe(true);
    for (const plan of ["free", "pro", "business"]) expect(assessEligibility(plan, base).validationAvailable).toBe(false);
  });

  it("marks a zone whose calls failed as failed, with the reason, never eligible", () => {
    const failed = failedEligibility("GET /zones/x/waf_migration/status failed (HTTP 500)");
    expect(failed).toMatchObject({ verdict: "failed", eligible: false });
    expect(failed.reasons[0]).toMatchObject({ code: "fetch_failed", message: expect.stringContaining("HTTP 500") });
  });
});
