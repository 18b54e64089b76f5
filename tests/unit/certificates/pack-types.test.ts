// Every pack type the API lists gets a row that says what is known (custom certificate packs are the custom
// certificate list's rows); dates and CAs come from the certificates, never from a field no SDK type has.
import { describe, expect, it } from "vitest";
import { caOfIssuer } from "@/lib/certificates/issuer-ca";
import { certificatePackSchema, customHostnameSchema } from "@/lib/certificates/upstream";
import { auditZone } from "@/lib/certificates/zone-audit";
import { getZone } from "@/lib/platform/zones";
import type { PlatformClient } from "@/lib/platform/client";

const zone = { id: "a".repeat(32), name: "shop.com", plan: "enterprise" };
const certificate = (issuer: string | undefined, dates = true) => ({
  id: `c-${issuer ?? "none"}`,
  hosts: ["shop.com"],
  status: "active",
  ...(issuer ? { issuer } : {}),
  ...(dates ? { uploaded_on: "2025-02-01T00:00:00Z", expires_on: "2025-05-02T00:00:00Z" } : {}),
});
const pack = (type: string, over: object = {}) =>
  certificatePackSchema.parse({
    id: `p-${type}`,
    type,
    hosts: ["shop.com"],
    status: "active",
    certificates: [certificate("LetsEncrypt")],
    ...over,
  });
const audit = (packs: ReturnType<typeof pack>[], hostnames: string[] = []) =>
  auditZone(zone, {
    packs,
    customCertificates: [],
    customHostnames: hostnames.map((hostname) => customHostnameSchema.parse({ id: `h-${hostname}`, hostname, status: "active" })),
    caaRecords: [],
  }).rows;

describe("pack types without a rule of their own", () => {
  it("gives mh_custom, managed_hostname and an unknown type a row; sni_custom, legacy_custom and keyless none", () => {
    const rows = audit(["mh_custom", "managed_hostname", "a_future_type", "sni_custom", "legacy_custom", "keyless"].map((t) => pack(t)));
    expect(rows.map((r) => [r.kind, r.id])).toEqual([
      ["mh_custom", "p-mh_custom"],
      ["managed_hostname", "p-managed_hostname"],
      ["other_pack", "p-a_future_type"],
    ]);
    const future = rows[2]!;
    expect(future.verdict).toBe("informational");
    expect(future.reason).toMatch(
      /^A certificate pack of type a_future_type, which Preflight has no rule of its own for; it uses lets_encrypt/,
    );
  });

  it("says unknown where the CA is unknown, and no_action only where it is known to be another CA", () => {
    const [unknown, google] = audit([
      pack("mh_custom", { certificates: [certificate("Some Other CA")] }),
      pack("managed_hostname", { id: "p-g", certificate_authority: "google" }),
    ]);
    expect(unknown).toMatchObject({ certificateAuthority: null, verdict: "informational" });
    expect(unknown!.reason).toMatch(/names no CA, and no issuer Preflight can read, so whether it uses the legacy-chain CA is unknown/);
    expect(google).toMatchObject({ certificateAuthority: "google", verdict: "no_action" });
  });

  it("names the zone's custom hostnames among its hosts: their own rows carry the verdict", () => {
    const [row] = audit([pack("mh_custom", { hosts: ["app.customer.example"] })], ["app.customer.example"]);
    expect(row!.reason).toContain(
      "Its hosts are custom hostnames of this zone (app.customer.example): their own rows carry their verdicts.",
    );
    expect(row!.verdict).toBe("informational");
  });

  it("is not_serving once deleted, like any other pack", () => {
    expect(audit([pack("mh_custom", { status: "deleted" })])[0]).toMatchObject({ kind: "mh_custom", verdict: "not_serving" });
  });
});

describe("a pack's CA and dates", () => {
  it("reads the CA from the primary certificate's issuer when the pack names none, and says so", () => {
    const [row] = audit([pack("advanced")]);
    expect(row).toMatchObject({ certificateAuthority: "lets_encrypt", verdict: "action_required" });
    expect(row!.reason).toContain('The pack names no CA: lets_encrypt was read from its certificates\' issuer ("LetsEncrypt").');
    const [named] = audit([pack("advanced", { certificate_authority: "google" })]);
    expect(named!.reason).not.toContain("issuer");
  });

  it("maps issuer names to the API's CA values, and nothing else", () => {
    expect(
      ["LetsEncrypt", "Let's Encrypt", "ISRG", "GoogleTrustServices", "Google Trust Services", "SSL.com", "SSLCorp", "DigiCertInc"].map(
        caOfIssuer,
      ),
    ).toEqual(["lets_encrypt", "lets_encrypt", "lets_encrypt", "google", "google", "ssl_com", "ssl_com", "digicert"]);
    expect([undefined, null, "", "Sectigo Limited", "Google"].map(caOfIssuer)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it("takes no date from the pack's created_on (no SDK pack type has it)", () => {
    const [row] = audit([pack("advanced", { created_on: "2023-01-01T00:00:00Z", certificates: [certificate("LetsEncrypt", false)] })]);
    expect(row).toMatchObject({ uploadedOn: null, expiresOn: null });
  });
});

describe("a zone without type", () => {
  it("is of unknown type, never full", async () => {
    // A client reads for a configured entry (lib/accounts): the rows it lists are that entry's.
    const client = {
      entry: { key: "default" },
      entryKey: "default",
      get: async (_path: string, _query: object, schema: { parse: (v: unknown) => unknown }) => ({
        result: schema.parse({ id: zone.id, name: zone.name, account: {} }),
      }),
    };
    expect((await getZone(client as unknown as PlatformClient, zone.id)).type).toBe("unknown");
  });
});

describe("the rows' one shape", () => {
  // Rows are built as literals listing every field (lib/certificates/zone-audit.ts): built by spreading, each kind
  // had its own key order, and on Node 20 each row its own hidden class.
  it("lists the same fields in the same order for every kind of certificate", () => {
    const rows = auditZone(zone, {
      packs: [pack("universal"), pack("advanced", { certificate_authority: "google" }), pack("mh_custom")],
      totalTls: { enabled: true, certificate_authority: "google" },
      customCertificates: [],
      customHostnames: [
        customHostnameSchema.parse({ id: "h-1", hostname: "a.shop.com", status: "active", ssl: { status: "active", method: "http" } }),
      ],
      caaRecords: [],
    }).rows;
    expect(rows.map((r) => r.kind)).toEqual(["universal", "advanced", "mh_custom", "total_tls", "custom_hostname"]);
    const keys = rows.map((r) => Object.keys(r).join(","));
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toBe(
      "zoneId,zoneName,account,kind,id,hosts,certificateAuthority,bundleMethod,uploadedOn,expiresOn,verdict,reason,action,status,validationMethod",
    );
  });
});
