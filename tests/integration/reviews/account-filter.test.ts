// Issue 25 item 9: a token reaching more than 500 accounts is refused GET /zones without account.id. The
// review planner lists the account's zones (the CAA climb of a CA switch) as every other listing does:
// filtered by the configured account, so it plans where an unfiltered listing is refused.
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { planReview } from "@/lib/reviews/plan";
import { withHarness, type Harness } from "@/tests/integration/reviews/harness";

let h: Harness;
withHarness((started) => (h = started));

const faults = (body: object) =>
  fetch(`${h.sandbox.url}/__sandbox/faults`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
afterEach(async () => {
  await fetch(`${h.sandbox.url}/__sandbox/reset`, { method: "POST" });
});

function legacyHostname() {
  for (const [zoneId, certs] of Object.entries(h.sandbox.state.certificates)) {
    const hostname = certs.customHostnames.find(
      (c) => c.status === "active" && c.ssl.certificate_authority === "lets_encrypt" && c.ssl.method,
    );
    if (hostname) return { zoneId, hostnameIds: [hostname.id] };
  }
  throw new Error("the sandbox has no custom hostname on lets_encrypt");
}

describe("a CA switch review for a token reaching more than 500 accounts", () => {
  it("the sandbox refuses the unfiltered listing in the API's words", async () => {
    expect((await faults({ tokenAccounts: 501 })).status).toBe(200);
    const refused = h.platform().get("/zones", {}, z.unknown());
    await expect(refused).rejects.toMatchObject({ status: 400, operation: "GET /zones" });
    await expect(refused).rejects.toThrow(/Listing zones across more than 500 accounts is currently not allowed/);
    await expect(h.platform().get("/zones", { "account.id": h.sandbox.state.account.id }, z.unknown())).resolves.toBeDefined();
  });

  it("plans with the configured account (account.id on the listing); without one, says to set CLOUDFLARE_ACCOUNT_ID", async () => {
    await faults({ tokenAccounts: 501 });
    const target = { kind: "switch_hostname_ca" as const, ...legacyHostname(), certificateAuthority: "google" as const };
    const plan = await planReview(h.platform(), target, undefined, h.sandbox.state.account.id);
    expect(plan.calls).toHaveLength(1);
    const listings = (await h.calls()).filter((c) => c.method === "GET" && c.path.endsWith("/zones"));
    expect(listings.length).toBeGreaterThan(0);
    expect(listings.every((c) => c.query["account.id"] === h.sandbox.state.account.id)).toBe(true);
    await expect(planReview(h.platform(), target, undefined, undefined)).rejects.toThrow(/set CLOUDFLARE_ACCOUNT_ID/);
  });
});
