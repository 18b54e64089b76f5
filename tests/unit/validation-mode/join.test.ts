// The join by rayName and the classification of each request, on hand-made events.
import { describe, expect, it } from "vitest";
import type { FirewallEvent } from "@/lib/validation-mode/events";
import { joinRequests } from "@/lib/validation-mode/join";
import { summarize } from "@/lib/validation-mode/summary";

function event(
  rayName: string,
  source: string,
  action: string,
  ruleId: string,
  datetime = "2025-03-01T10:00:00Z",
  sampleInterval: number | null = 1,
): FirewallEvent {
  return {
    rayName,
    datetime,
    source,
    action,
    ruleId,
    clientRequestHTTPHost: "www.example.com",
    clientRequestPath: "/login",
    clientIP: "203.0.113.9",
    clientCountryName: "DE",
    userAgent: "curl/8",
    sampleInterval,
  };
}

describe("joinRequests", () => {
  it("a request seen once is new-only or old-only by the version that acted", () => {
    const [onlyNew, onlyOld] = joinRequests([
      event("a", "firewallManaged", "block", "n1"),
      event("b", "waf", "block", "o1", "2025-03-01T11:00:00Z"),
    ]);
    expect(onlyNew).toMatchObject({
      rayName: "a",
      class: "newOnly",
      newAction: "block",
      newRuleId: "n1",
      oldAction: null,
      oldRuleId: null,
      newEvents: 1,
      oldEvents: 0,
    });
    expect(onlyOld).toMatchObject({ rayName: "b", class: "oldOnly", oldAction: "block", oldRuleId: "o1", newAction: null });
  });

  it("duplicate events of one request count as one request, the most decisive action standing for its side", () => {
    const requests = joinRequests([
      event("a", "firewallManaged", "log", "n1"),
      event("a", "firewallManaged", "block", "n2"),
      event("a", "firewallManaged", "block", "n2"),
      event("a", "waf", "block", "o1"),
    ]);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ class: "bothSameAction", newAction: "block", newRuleId: "n2", newEvents: 3, oldEvents: 1 });
  });

  it("both versions with different actions are told apart from agreement", () => {
    const requests = joinRequests([
      event("a", "waf", "log", "o1"),
      event("a", "firewallManaged", "block", "n1"),
      event("b", "waf", "challenge", "o2"),
      event("b", "firewallManaged", "managedChallenge", "n2"),
    ]);
    expect(requests.map((r) => [r.rayName, r.class, r.oldAction, r.newAction])).toEqual([
      ["a", "bothDifferentAction", "log", "block"],
      ["b", "bothDifferentAction", "challenge", "managedChallenge"],
    ]);
  });

  it("reads other spellings of an action as the platform's, and keeps an unknown action as given", () => {
    const requests = joinRequests([
      event("a", "waf", "managedchallenge", "o1"),
      event("a", "firewallManaged", "managed_challenge", "n1"),
      event("b", "waf", "CONNECTIONCLOSE", "o2"),
      event("b", "firewallManaged", "quarantine", "n2"),
    ]);
    expect(requests.map((r) => [r.class, r.oldAction, r.newAction])).toEqual([
      ["bothSameAction", "managedChallenge", "managedChallenge"],
      ["bothDifferentAction", "connectionClose", "quarantine"],
    ]);
    const summary = summarize("z", { since: "2025-03-01T00:00:00Z", until: "2025-03-02T00:00:00Z" }, requests, 4, 1);
    // connectionClose stopped the request; an action we do not know is not taken for a block.
    expect(summary.decision).toMatchObject({ nowBlocked: 0, nowAllowed: 1 });
  });

  it("ignores events of other sources and keeps the request's first time", () => {
    const requests = joinRequests([
      event("a", "firewallCustom", "block", "c1"),
      event("b", "waf", "block", "o1", "2025-03-01T10:00:05Z"),
      event("b", "firewallManaged", "block", "n1", "2025-03-01T10:00:04Z"),
    ]);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ rayName: "b", datetime: "2025-03-01T10:00:04Z", class: "bothSameAction" });
  });
});

describe("summarize", () => {
  it("counts classes, the action matrix, the decision aid and the disagreement rate", () => {
    const events = [
      event("a", "firewallManaged", "block", "n1"),
      event("b", "firewallManaged", "block", "n1"),
      event("c", "waf", "block", "o1"),
      event("d", "waf", "log", "o2"),
      event("d", "firewallManaged", "block", "n1"),
      event("e", "waf", "block", "o1"),
      event("e", "firewallManaged", "block", "n3"),
    ];
    const summary = summarize(
      "z",
      { since: "2025-03-01T00:00:00Z", until: "2025-03-02T00:00:00Z" },
      joinRequests(events),
      events.length,
      1,
    );
    expect(summary.totals).toEqual({ both: 2, newOnly: 2, oldOnly: 1, bothSameAction: 1, bothDifferentAction: 1, requests: 5, events: 7 });
    expect(summary.byAction).toContainEqual({ class: "newOnly", oldAction: null, newAction: "block", requests: 2, estimatedRequests: 2 });
    expect(summary.sampling).toEqual({ sampled: false, maxInterval: 1, sampledRequests: 0, unknownIntervals: 0 });
    expect(summary.estimated).toMatchObject({ requests: 5, newOnly: 2, nowBlocked: 3 });
    expect(summary.decision).toMatchObject({ nowBlocked: 3, nowAllowed: 1, disagreementRate: 0.8 });
    expect(summary.decision.summary).toBe(
      "3 requests would now be blocked that were allowed; 1 request the old rules blocked is now allowed",
    );
    expect(summary.topRules.newOnly).toEqual([{ key: "n1", requests: 2, side: "new" }]);
    expect(summary.series.reduce((n, p) => n + p.newOnly, 0)).toBe(2);
  });

  it("weighs sampled requests by their interval and says a one-sided request may be a sampling artefact", () => {
    const events = [
      event("a", "firewallManaged", "block", "n1", "2025-03-01T10:00:00Z", 10),
      event("b", "firewallManaged", "block", "n1", "2025-03-01T10:00:01Z", 10),
      event("c", "waf", "block", "o1", "2025-03-01T10:00:02Z", 1),
      event("c", "firewallManaged", "block", "n1", "2025-03-01T10:00:02Z", 1),
      event("d", "waf", "log", "o1", "2025-03-01T10:00:03Z", null),
    ];
    const requests = joinRequests(events);
    expect(requests.map((r) => r.sampleInterval)).toEqual([10, 10, 1, null]);
    // An interval that cannot weigh a row (0) is unknown, not a request worth nothing.
    expect(joinRequests([event("z", "waf", "block", "o", "2025-03-01T10:00:00Z", 0)])[0]!.sampleInterval).toBeNull();
    const summary = summarize("z", { since: "2025-03-01T00:00:00Z", until: "2025-03-02T00:00:00Z" }, requests, events.length, 1, 23);
    expect(summary.totals).toMatchObject({ newOnly: 2, requests: 4 });
    expect(summary.estimated).toMatchObject({ newOnly: 20, oldOnly: 1, both: 1, requests: 22, events: 23, nowBlocked: 20 });
    expect(summary.byAction).toContainEqual({ class: "newOnly", oldAction: null, newAction: "block", requests: 2, estimatedRequests: 20 });
    expect(summary.sampling).toMatchObject({ sampled: true, maxInterval: 10, sampledRequests: 2, unknownIntervals: 1 });
    expect(summary.sampling.note).toMatch(/up to 1 in 10/);
    expect(summary.sampling.note).toMatch(/seen by one version only may be a sampling artefact/);
    expect(summary.decision.summary).toBe(
      "About 20 requests would now be blocked that were allowed; 0 requests the old rules blocked are now allowed (estimated from sampled events)",
    );
  });
});
