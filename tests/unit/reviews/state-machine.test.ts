// The review's states and the permission rules: pure, no bucket.
import { describe, expect, it } from "vitest";
import { ConflictError } from "@/lib/errors/conflict-error";
import { ForbiddenError } from "@/lib/errors/identity-errors";
import { hasRole, roleFor } from "@/lib/identity/roles";
import { diffJson } from "@/lib/reviews/diff";
import type { Review } from "@/lib/reviews/schema";
import { transition, type Actor } from "@/lib/reviews/state-machine";

const at = new Date("2026-05-01T00:00:00Z");
const planner: Actor = { id: "planner", role: "planner" };
const approver1: Actor = { id: "approver-1", role: "approver" };
const viewer: Actor = { id: "v@example.com", role: "viewer" };

const draft: Review = {
  id: "6f1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e5f",
  kind: "complete_migration",
  title: "Complete the migration of a.example",
  target: { kind: "complete_migration", zoneId: "0".repeat(32) },
  author: "planner",
  createdAt: at.toISOString(),
  updatedAt: at.toISOString(),
  revision: 1,
  state: "draft",
  evidence: {},
  calls: [],
  results: [],
};

describe("review state machine", () => {
  it("goes draft → submitted → approved → executing → executed, bumping the revision", () => {
    const submitted = transition(draft, "submit", planner, at);
    const approved = transition(submitted, "approve", approver1, at);
    const executing = transition(approved, "execute", planner, at);
    const executed = transition(executing, "finish", planner, at, "executed");
    expect([submitted.state, approved.state, executing.state, executed.state]).toEqual(["submitted", "approved", "executing", "executed"]);
    expect(approved.approvedBy).toBe("approver-1");
    expect(executed.revision).toBe(5);
  });

  it("never lets the author approve or reject their own review, even as an approver", () => {
    const own = transition({ ...draft, author: "approver-1" }, "submit", approver1, at);
    expect(() => transition(own, "approve", approver1, at)).toThrow(ForbiddenError);
    expect(() => transition(own, "reject", approver1, at)).toThrow(ForbiddenError);
  });

  it("requires the approver role to approve and the planner role to submit or execute", () => {
    const submitted = transition(draft, "submit", planner, at);
    expect(() => transition(submitted, "approve", planner, at)).toThrow(/approver role/);
    expect(() => transition(draft, "submit", viewer, at)).toThrow(ForbiddenError);
    const approved = transition(submitted, "approve", approver1, at);
    expect(() => transition(approved, "execute", viewer, at)).toThrow(ForbiddenError);
  });

  it("answers a step out of order with a conflict, not a silent change", () => {
    expect(() => transition(draft, "approve", approver1, at)).toThrow(ConflictError);
    const rejected = transition(transition(draft, "submit", planner, at), "reject", approver1, at);
    expect(() => transition(rejected, "execute", planner, at)).toThrow(ConflictError);
    expect(() => transition(rejected, "approve", { id: "approver-2", role: "approver" }, at)).toThrow(ConflictError);
  });

  it("resumes a failed execution but never re-runs an executed one", () => {
    const failed = { ...draft, state: "failed" as const };
    expect(transition(failed, "execute", planner, at).state).toBe("executing");
    expect(() => transition({ ...draft, state: "executed" }, "execute", planner, at)).toThrow(ConflictError);
  });

  it("only lets the author submit", () => {
    expect(() => transition(draft, "submit", approver1, at)).toThrow(/Only the author/);
  });
});

describe("roles", () => {
  const lists = { viewer: ["group:auditors"], planner: ["p@example.com"], approver: ["group:security-leads", "a@example.com"] };
  it("ranks approver over planner over viewer", () => {
    expect(hasRole("approver", "planner")).toBe(true);
    expect(hasRole("planner", "approver")).toBe(false);
    expect(hasRole("viewer", "viewer")).toBe(true);
  });
  it("gives the highest role matched by e-mail or group, case-insensitively", () => {
    expect(roleFor("P@Example.com", ["Security-Leads"], lists)).toBe("approver");
    expect(roleFor("x@example.com", ["auditors"], lists)).toBe("viewer");
    expect(roleFor("x@example.com", [], lists)).toBeUndefined();
  });
});

describe("evidence diff", () => {
  it("names each changed path", () => {
    expect(diffJson({ status: { a: "enabled", b: 1 }, rules: [1, 2] }, { status: { a: "disabled", b: 1 }, rules: [1] })).toEqual([
      { path: "rules[1]", before: 2, after: undefined },
      { path: "status.a", before: "enabled", after: "disabled" },
    ]);
    expect(diffJson({ x: [1] }, { x: [1] })).toEqual([]);
  });
});
