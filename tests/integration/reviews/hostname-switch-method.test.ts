// Issue 25 item 14: the CA switch sends the hostname's own ssl.method back (the docs' "Change certificate
// authority" require it with the CA), read from the hostname when the review is planned; a hostname whose answer
// has no method is refused by name, never frozen into a review with a method Preflight chose.
import { describe, expect, it } from "vitest";
import { planReview } from "@/lib/reviews/plan";
import { withHarness, type Harness } from "@/tests/integration/reviews/harness";

let h: Harness;
withHarness((started) => (h = started));

/** A legacy-chain hostname of the sandbox with a UUID id (the designed seed, not a bulk one). */
function legacyHostname() {
  for (const [zoneId, certs] of Object.entries(h.sandbox.state.certificates)) {
    const hostname = certs.customHostnames.find(
      // A moved or deleted hostname is refused as such: the switch is tried on a live one.
      (c) => c.status === "active" && c.ssl.certificate_authority === "lets_encrypt" && c.ssl.method === "http",
    );
    if (hostname) return { zoneId, hostname };
  }
  throw new Error("the sandbox has no legacy-chain hostname validated over http");
}

describe("a custom hostname CA switch review and ssl.method", () => {
  it("freezes the method the hostname answers with (http here, never a default)", async () => {
    const { zoneId, hostname } = legacyHostname();
    const plan = await planReview(h.platform(), {
      kind: "switch_hostname_ca",
      zoneId,
      hostnameIds: [hostname.id],
      certificateAuthority: "google",
    });
    expect(plan.calls.map((c) => c.body)).toEqual([{ ssl: { method: "http", type: "dv", certificate_authority: "google" } }]);
  });

  it("refuses a hostname whose answer has no ssl.method, naming it and the reason", async () => {
    const { zoneId, hostname } = legacyHostname();
    delete hostname.ssl.method;
    const planned = planReview(h.platform(), {
      kind: "switch_hostname_ca",
      zoneId,
      hostnameIds: [hostname.id],
      certificateAuthority: "google",
    });
    await expect(planned).rejects.toMatchObject({ field: "hostnameIds" });
    await expect(planned).rejects.toThrow(
      new RegExp(`${hostname.hostname.replaceAll(".", "\\.")}: the platform gave no validation method`),
    );
  });
});

// Issue 25 review, finding 4: a moved or deleted hostname is refused as such, by name, whatever its answer lacks.
describe("a CA switch review that selects a hostname serving nothing", () => {
  function movedHostname() {
    for (const [zoneId, certs] of Object.entries(h.sandbox.state.certificates)) {
      const live = certs.customHostnames.find(
        (c) => c.status === "active" && c.ssl.certificate_authority === "lets_encrypt" && c.ssl.method,
      );
      const moved = certs.customHostnames.find((c) => c.status === "moved" && c.ssl.certificate_authority === "lets_encrypt");
      if (live && moved) return { zoneId, live, moved };
    }
    throw new Error("the sandbox has no zone with a live and a moved legacy-chain hostname");
  }
  const plan = (zoneId: string, hostnameIds: string[]) =>
    planReview(h.platform(), { kind: "switch_hostname_ca", zoneId, hostnameIds, certificateAuthority: "google" });

  it("names a moved hostname selected alone, instead of saying none is on the legacy-chain CA", async () => {
    const { zoneId, moved } = movedHostname();
    moved.ssl.method ??= "txt";
    const planned = plan(zoneId, [moved.id]);
    await expect(planned).rejects.toMatchObject({ field: "hostnameIds" });
    await expect(planned).rejects.toThrow(`${moved.hostname}: moved: not switched`);
  });

  it("names a moved hostname without ssl.method as moved, never as missing a method, beside a live one", async () => {
    const { zoneId, live, moved } = movedHostname();
    delete moved.ssl.method;
    const planned = plan(zoneId, [live.id, moved.id]);
    await expect(planned).rejects.toThrow(`${moved.hostname}: moved: not switched`);
    await expect(planned).rejects.not.toThrow(/validation method/);
  });
});
