// Every migration verdict and reason read against its input: a cross-product of statuses × check × plan ×
// URI overrides × the core rule set's sensitivity and action, through the row the JSON operation answers. The
// check is read only for zones still on the previous version, as lib/migration/scan-zone.ts reads it.
import { describe, expect, it } from "vitest";
import type { ZoneEvidence } from "@/lib/migration/evidence";
import { migrationRow } from "@/lib/migration/zone-assessment";
import type { ZoneRow } from "@/lib/platform/zones";

const STATUSES = [
  {},
  { old_waf_status: "enabled", new_waf_status: "disabled", migration_state: "start" },
  { old_waf_status: "disabled", new_waf_status: "disabled", migration_state: "start" },
  { old_waf_status: "enabled", new_waf_status: "enabled", migration_state: "validation" },
  { old_waf_status: "disabled", new_waf_status: "enabled", migration_state: "completed" },
];
const CHECKS = [undefined, { compatible: true, migration_state: "start" }, { compatible: false, migration_state: "start" }];
const PLANS = ["free", "pro", "business", "enterprise"];
const OVERRIDES = [[], [{ id: "a".repeat(32), description: "admin", urls: ["example.com/admin/*"] }]];
const SENSITIVITIES = [undefined, "default", "high", "medium", "low", "off", "extreme"];
const ACTIONS = [undefined, "simulate", "block", "challenge", "js_challenge"];

function zone(plan: string): ZoneRow {
  return {
    id: "f".repeat(32),
    name: "example.com",
    plan,
    planName: plan,
    status: "active",
    paused: false,
    type: "full",
    accountId: "e".repeat(32),
    accountName: "",
    account: { id: "", name: "" },
    createdOn: null,
    activatedOn: null,
  };
}

describe("every migration reason agrees with its input", () => {
  it("holds over the whole cross-product", () => {
    const failures: string[] = [];
    // One key order for every row, a failed zone's too: rows are one literal, never spreads of differently
    // ordered parts (on Node 20 each spread row got a hidden class of its own; lib/migration/zone-assessment.ts).
    const shapes = new Set([
      Object.keys(migrationRow({ zone: zone("free"), error: "unreadable", fetchedAt: "2026-01-01T00:00:00Z" })).join(","),
    ]);
    let count = 0;
    for (const status of STATUSES)
      for (const check of CHECKS.filter((c) => (c === undefined) === (status.new_waf_status === "enabled")))
        for (const plan of PLANS)
          for (const overrides of OVERRIDES)
            for (const sensitivity of SENSITIVITIES)
              for (const action_mode of ACTIONS) {
                const packages = [
                  {
                    id: "p",
                    name: "OWASP",
                    detection_mode: "anomaly",
                    ...(sensitivity ? { sensitivity } : {}),
                    ...(action_mode ? { action_mode } : {}),
                  },
                ];
                const evidence: ZoneEvidence = { status, check, packages, overrides };
                const row = migrationRow({ zone: zone(plan), evidence, fetchedAt: "2026-01-01T00:00:00Z" });
                count++;
                shapes.add(Object.keys(row).join(","));
                const codes = row.reasons.map((r) => r.code);
                const problems: string[] = [];
                if (row.reasons.some((r) => r.message.trim().length < 10)) problems.push("an empty reason");
                if (codes.includes("validation_available") && plan !== "enterprise") problems.push("validation offered off Enterprise");
                if (codes.includes("validation_unavailable") && plan === "enterprise") problems.push("validation refused on Enterprise");
                // A zone already in validation mode has it, whatever the plan says.
                const expectValidation =
                  row.verdict === "validation" || (plan === "enterprise" && row.verdict !== "migrated" && row.verdict !== "failed");
                if (row.validationAvailable !== expectValidation) problems.push("validationAvailable");
                if (codes.includes("firewall_disabled") && status.old_waf_status !== "disabled") problems.push("firewall said off");
                if (codes.includes("uri_overrides") && overrides.length === 0) problems.push("overrides that are not there");
                if (codes.includes("not_compatible") && check?.compatible !== false)
                  problems.push("not compatible without a check saying so");
                if (codes.includes("eligible") && (check?.compatible !== true || overrides.length > 0))
                  problems.push(`eligible with check ${JSON.stringify(check)}`);
                if ((row.verdict === "eligible") !== codes.includes("eligible")) problems.push("verdict and reason disagree");
                if (row.mappingNote.trim().length < 20) problems.push("no mapping note");
                if (row.sensitivityRow !== "off" && row.sensitivityRow !== "unknown" && row.paranoiaLevel === null)
                  problems.push("a mapped row without a paranoia level");
                for (const p of problems)
                  if (failures.length < 20)
                    failures.push(
                      `${p}: ${JSON.stringify({ status, check, plan, overrides: overrides.length, sensitivity, action_mode })} ` +
                        `→ ${row.verdict} ${codes.join(",")}`,
                    );
              }
    expect(count).toBe((3 * 2 + 2) * PLANS.length * OVERRIDES.length * SENSITIVITIES.length * ACTIONS.length);
    expect(failures).toEqual([]);
    expect([...shapes]).toHaveLength(1);
  });
});
