// GET /user/invites in both real shapes of `roles`: the 2024 schema's role objects and the current SDK's
// role names (`roles?: Array<string>`); the names are shown either way, and neither shape fails the list.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { PlatformClient } from "@/lib/platform/client";
import { inviteSchema, listInvites, roleNames } from "@/lib/platform/invites";
import { RateLimiter } from "@/lib/platform/rate-limiter";
import { Scheduler } from "@/lib/platform/scheduler";
import { startSandbox, type RunningSandbox } from "@/lib/dev/sandbox/server";

const base = { id: "4f5f0c14a2a41d5063dd301b2f829f04", organization_id: "5a7805061c76ada191ed06f989cc3dac", invited_member_id: null };

describe("inviteSchema", () => {
  it("reads role objects (2024 schema) and role names (current API), and shows the names either way", () => {
    const objects = inviteSchema.parse({
      ...base,
      status: "pending",
      roles: [
        {
          id: "3536bcfad5faccb999b47003c79917fb",
          name: "Organization Admin",
          description: "Administrative access",
          permissions: ["#zones:read"],
        },
      ],
    });
    const names = inviteSchema.parse({ ...base, status: "pending", roles: ["Administrator", "Firewall"] });
    expect(roleNames(objects)).toEqual(["Organization Admin"]);
    expect(roleNames(names)).toEqual(["Administrator", "Firewall"]);
    expect(roleNames(inviteSchema.parse(base))).toEqual([]);
  });

  it("keeps a status it does not know (or none) as given, so it is never read as pending", () => {
    expect(inviteSchema.parse({ ...base, status: "revoked" }).status).toBe("revoked");
    expect(inviteSchema.parse(base).status).toBeUndefined();
    expect(inviteSchema.safeParse({ ...base, roles: [{ id: "x" }] }).success).toBe(false); // an object role needs its name
  });
});

describe("the sandbox's invitations", () => {
  const token = "invites-test-token-0123456789";
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, apiToken: token, rateLimit: null });
  });
  afterAll(() => sandbox.close());

  it("serve both shapes of roles, and Preflight reads every invitation with its role names", async () => {
    const platform = new PlatformClient(
      sandbox.apiBaseUrl,
      { kind: "token", token },
      new Scheduler({ limiter: new RateLimiter({ requests: 100, windowSeconds: 1 }), subrequestBudget: 10, timeoutMs: 5000 }),
    );
    const invites = await listInvites(platform);
    expect(invites).toHaveLength(sandbox.state.invites.length);
    const shapes = new Set(invites.flatMap((i) => (i.roles ?? []).map((r) => typeof r)));
    expect(shapes).toEqual(new Set(["string", "object"]));
    for (const invite of invites) expect(roleNames(invite).length).toBeGreaterThan(0);
    expect(invites.map(roleNames).flat()).toEqual(expect.arrayContaining(["Firewall", "Administrator Read Only"]));
    expect(z.array(inviteSchema).safeParse(sandbox.state.invites).success).toBe(true);
  });
});
