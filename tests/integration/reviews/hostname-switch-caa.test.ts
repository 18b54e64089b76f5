// A CA switch review reads the hostnames' CAA as the audit does (RFC 8659's climb through the account's
// zones): the evidence an approver reads names the CAA that applies, and a switch to the default CA that
// CAA would keep on the legacy chain is refused before anything is planned.
import { describe, expect, it } from "vitest";
import { planReview } from "@/lib/reviews/plan";
import { withHarness, type Harness } from "@/tests/integration/reviews/harness";

let h: Harness;
withHarness((started) => (h = started));

/** The sandbox's `pay-N.<zone>` hostname: on lets_encrypt, in a zone of the account whose only CAA permits letsencrypt.org. */
function payHostname() {
  for (const [zoneId, certs] of Object.entries(h.sandbox.state.certificates)) {
    const hostname = certs.customHostnames.find((c) => c.hostname.startsWith("pay-"));
    if (hostname) return { zoneId, hostname };
  }
  throw new Error("the sandbox has no pay-N hostname");
}

describe("a custom hostname CA switch review", () => {
  it("refuses the default CA when CAA permits only letsencrypt.org, naming the field", async () => {
    const { zoneId, hostname } = payHostname();
    const planned = planReview(h.platform(), { kind: "switch_hostname_ca", zoneId, hostnameIds: [hostname.id], certificateAuthority: "" });
    await expect(planned).rejects.toMatchObject({ field: "certificateAuthority" });
    await expect(planned).rejects.toThrow(new RegExp(`letsencrypt.org issue for ${hostname.hostname.replaceAll(".", "\\.")}`));
  });

  it("plans a switch to google with evidence that names the CAA set that applies, not 'outside the account'", async () => {
    const { zoneId, hostname } = payHostname();
    const plan = await planReview(h.platform(), {
      kind: "switch_hostname_ca",
      zoneId,
      hostnameIds: [hostname.id],
      certificateAuthority: "google",
    });
    expect(plan.calls).toHaveLength(1);
    const row = (plan.evidence as { certificates: Array<{ id: string; reason: string; action: string }> }).certificates.find(
      (r) => r.id === hostname.id,
    )!;
    // Before the switch review read CAA, this said the default CA would issue from google (no CAA read at all).
    expect(row.action).toMatch(/^First add .*pki\.goog/);
    expect(`${row.reason} ${row.action}`).not.toMatch(/outside every zone/);
  });
});
