import { describe, expect, it } from "vitest";
import { limitObjectName, limitOwner } from "@/lib/platform/limit-owner";
import { limitRows } from "@/lib/platform/limits-summary";

describe("limit owner", () => {
  it("names a credential's object by a hash of it, never the credential itself", () => {
    const owner = limitOwner({ kind: "token", token: "secret-token-1234567890" });
    expect(owner).toMatch(/^token:[0-9a-f]{64}$/);
    expect(owner).not.toContain("secret-token");
    expect(limitOwner({ kind: "token", token: "another-token-123" })).not.toBe(owner);
    expect(limitOwner({ kind: "key", email: "a@example.com", key: "k".repeat(37) })).toMatch(/^key:[0-9a-f]{64}$/);
    expect(limitObjectName(owner, "graphql")).toBe(`${owner}/graphql`);
  });

  it("lets the configuration name a shared limit group for tokens of one user", () => {
    expect(limitOwner({ kind: "token", token: "secret-token-1234567890" }, "security-team")).toBe("group:security-team");
  });
});

describe("Settings: who keeps the account's rate limit", () => {
  const config = {
    edgePlan: "paid",
    subrequestBudget: 1000,
    servicePlan: "free",
    requestBodyMaxBytes: 100 * 1024 * 1024,
    rateLimit: { requests: 1200, windowSeconds: 300 },
  } as const;

  it("says per isolate when sharing is off, shared (and the owner) when it is on, per process on Node", () => {
    const row = (keeping: Parameters<typeof limitRows>[1], group?: string) =>
      limitRows({ ...config, limitGroup: group }, keeping).find((r) => r.limit === "Account rate limit")!;
    expect(row("per isolate").value).toBe("1200 calls per 300 s, per isolate");
    expect(row("shared").value).toBe("1200 calls per 300 s, shared");
    expect(row("shared").how).toContain("owner: the credential");
    expect(row("shared", "security-team").how).toContain("owner: limit group security-team");
    expect(row("per process").how).toContain("one Node server per token");
  });
});
