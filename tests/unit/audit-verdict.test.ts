// The audit step fails on a high or critical advisory and never mistakes a missing service for a pass of the check.
import { describe, expect, it } from "vitest";
import { auditPasses, auditVerdict } from "@/tests/audit/verdict";

describe("auditVerdict", () => {
  it("fails on high or critical advisories, passes on moderate ones", () => {
    const report = (high: number, critical: number) => ({
      metadata: { vulnerabilities: { info: 0, low: 1, moderate: 2, high, critical, total: 3 + high + critical } },
    });
    expect(auditPasses(auditVerdict(report(0, 0)))).toBe(true);
    expect(auditPasses(auditVerdict(report(1, 0)))).toBe(false);
    expect(auditPasses(auditVerdict(report(0, 1)))).toBe(false);
    expect(auditVerdict(report(2, 1))).toEqual({ kind: "checked", high: 2, critical: 1, total: 6 });
  });
  it("reports an unreachable advisory service as unavailable", () => {
    const verdict = auditVerdict({ statusCode: 405, message: "405 Method Not Allowed - POST …/advisories/bulk" });
    expect(verdict).toEqual({ kind: "unavailable", reason: "405 Method Not Allowed - POST …/advisories/bulk" });
  });
});
