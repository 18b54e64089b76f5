// A frozen entry point's rules as a review lists them: an execute rule without a description is named by
// the managed ruleset it runs (every one the docs list), never left as "(no description)" or a bare id.
import { describe, expect, it } from "vitest";
import { ruleSummary } from "@/lib/rulesets/rule-label";

describe("ruleSummary", () => {
  it.each([
    ["efb7b8c949ac4650a09736fc376e9aee", "Cloudflare Managed Ruleset"],
    ["4814384a9e5d4991b9815dcfc25d2f1f", "Cloudflare OWASP Core Ruleset"],
    ["c2e184081120413c86c3ab7e14069605", "Cloudflare Exposed Credentials Check"],
    ["77454fe2d30c4220b5701f6fdfb893ba", "Cloudflare Free Managed Ruleset"],
    ["e22d83c647c64a3eae91b71b499d988e", "Cloudflare Sensitive Data Detection"],
  ])("names the ruleset %s runs as the %s", (id, name) => {
    expect(ruleSummary({ action: "execute", expression: "true", action_parameters: { id, version: "latest" } })).toBe(name);
  });

  it("keeps a description, and says when a rule has none", () => {
    expect(ruleSummary({ action: "execute", description: "Managed rules", action_parameters: { id: "a".repeat(32) } })).toBe(
      "Managed rules",
    );
    expect(ruleSummary({ action: "skip", action_parameters: { ruleset: "current" } })).toBe("(no description)");
  });
});
