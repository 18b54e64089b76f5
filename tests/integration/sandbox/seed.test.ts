// Seeded data: deterministic, realistic enough for every case the dashboard handles, and served as seeded.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { seedAccount } from "@/lib/dev/sandbox/seed";
import { startSandbox } from "@/lib/dev/sandbox/server";
import { textFilter } from "@/lib/dev/sandbox/filters";
import { paginate } from "@/lib/dev/sandbox/paginate";

const ZONE_NAME = /^([a-zA-Z0-9][-a-zA-Z0-9]*\.)+[-a-zA-Z0-9]{2,20}$/;
const ID = /^[0-9a-f]{32}$/;
/** Custom hostname and certificate pack ids on the real API: UUIDs (schema: custom_hostnames `id`, 36 characters). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MICROSECONDS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

describe("seedAccount", () => {
  it("is byte-identical for the same seed and differs for another", () => {
    expect(JSON.stringify(seedAccount({ seed: 42 }))).toBe(JSON.stringify(seedAccount({ seed: 42 })));
    expect(JSON.stringify(seedAccount({ seed: 43 }))).not.toBe(JSON.stringify(seedAccount({ seed: 42 })));
  });

  it("seeds 240 unique, well-formed zones across every plan in roughly 40/25/20/15 %", () => {
    const state = seedAccount({ seed: 1 });
    expect(state.account.name).toBe("Sandbox Security Team");
    expect(state.account.id).toMatch(ID);
    expect(state.zones.length).toBeGreaterThanOrEqual(240);
    expect(new Set(state.zones.map((z) => z.id)).size).toBe(state.zones.length);
    expect(new Set(state.zones.map((z) => z.name)).size).toBe(state.zones.length);
    const plans: Record<string, number> = {};
    for (const zone of state.zones) {
      expect(zone.id).toMatch(ID);
      expect(zone.name).toMatch(ZONE_NAME);
      expect(zone.created_on).toMatch(MICROSECONDS);
      expect(zone.modified_on).toMatch(MICROSECONDS);
      if (zone.activated_on !== null) expect(zone.activated_on).toMatch(MICROSECONDS);
      expect(zone.account).toEqual(state.account);
      plans[zone.plan.legacy_id] = (plans[zone.plan.legacy_id] ?? 0) + 1;
    }
    expect(plans).toEqual({ free: 96, pro: 60, business: 48, enterprise: 36 });
    expect(new Set(state.zones.map((z) => z.plan.name))).toEqual(
      new Set(["Free Website", "Pro Website", "Business Website", "Enterprise Website", undefined]),
    );
    // Optional in the SDK's Zone.Plan: one zone's plan has no name (issue 25 item 8).
    expect(state.zones.filter((z) => z.plan.name === undefined).map((z) => z.id)).toEqual([state.zones.at(-1)!.id]);
    expect(state.zones.some((z) => z.status === "pending" && z.activated_on === null)).toBe(true);
    expect(state.zones.filter((z) => z.status === "active").length).toBeGreaterThan(200);
    expect(
      seedAccount({ seed: 3, zoneCount: 4 })
        .zones.map((z) => z.plan.legacy_id)
        .sort(),
    ).toEqual(["business", "enterprise", "free", "pro"]);
  });

  it("gives custom hostnames and certificate packs UUIDs, as the real API does, and zones 32 hex", async () => {
    const { allBulkHostnames } = await import("@/lib/dev/sandbox/bulk-hostnames");
    const state = seedAccount({ seed: 1, customHostnames: 40 });
    const certificates = Object.values(state.certificates);
    const hostnames = certificates.flatMap((c) => c.customHostnames);
    const packs = certificates.flatMap((c) => c.packs);
    const bulk = [...state.bulkHostnames.values()].flatMap(({ zoneIndex, count }) =>
      allBulkHostnames(1, state.zones[zoneIndex]!, zoneIndex, count),
    );
    expect(hostnames.length).toBeGreaterThan(100);
    expect(bulk.length).toBe(40);
    expect(packs.length).toBeGreaterThan(100);
    for (const item of [...hostnames, ...bulk, ...packs]) expect(item.id).toMatch(UUID);
    expect(new Set([...hostnames, ...bulk].map((h) => h.id)).size).toBe(hostnames.length + bulk.length);
  });

  it("seeds the DNS and CAA cases certificate analysis needs", () => {
    const state = seedAccount({ seed: 1 });
    const all = Object.values(state.dnsRecords).flat();
    expect(new Set(all.map((r) => r.type))).toEqual(new Set(["A", "AAAA", "CNAME", "MX", "TXT", "CAA"]));
    expect(new Set(all.map((r) => r.id)).size).toBe(all.length);
    const caaValues = (zoneId: string) =>
      (state.dnsRecords[zoneId] ?? [])
        .filter((r) => r.type === "CAA" && r.data?.tag !== "iodef")
        .map((r) => `${r.name === r.zone_name ? "@" : "sub"} ${r.data?.tag} ${r.data?.value}`)
        .sort();
    const profiles = state.zones.map((z) => caaValues(z.id).join(" | "));
    expect(profiles).toContain("");
    expect(profiles).toContain("@ issue letsencrypt.org");
    expect(profiles).toContain("@ issue letsencrypt.org | @ issue pki.goog | @ issue ssl.com");
    expect(profiles).toContain("sub issue letsencrypt.org");
    expect(profiles).toContain("@ issue pki.goog | @ issuewild letsencrypt.org");
    for (const record of all.filter((r) => r.type === "CAA")) {
      expect(record.content).toBe(`0 ${record.data?.tag} "${record.data?.value}"`);
    }
    const big = Object.values(state.dnsRecords).filter((records) => records.length > 100);
    expect(big.length).toBeGreaterThanOrEqual(2);
  });
});

describe("startSandbox with a seed", () => {
  it("seeds custom hostnames inside the account's zones for rule 6's CAA check, after the designed ones", () => {
    const state = seedAccount({ seed: 1 });
    const byName = new Map(state.zones.map((z) => [z.name, z]));
    const all = Object.values(state.certificates).flatMap((c) => c.customHostnames);
    const zoneOf = (host: string) => byName.get(host.slice(host.indexOf(".") + 1));
    const apexIssue = (host: string) =>
      state.dnsRecords[zoneOf(host)!.id]!.filter((r) => r.type === "CAA" && r.data?.tag !== "iodef").map(
        (r) => `${r.name === zoneOf(host)!.name ? "@" : r.name} ${r.data?.tag} ${r.data?.value}`,
      );
    const shop = all.filter((h) => /^shop-\d+\./.test(h.hostname));
    expect(shop.length).toBe(12);
    for (const h of shop) {
      expect(h.ssl.certificate_authority).toBe("");
      expect(apexIssue(h.hostname)).toEqual(["@ issue letsencrypt.org"]);
    }
    expect(
      all.filter((h) => /^pay-\d+\./.test(h.hostname)).every((h) => h.ssl.certificate_authority === "lets_encrypt" && zoneOf(h.hostname)),
    ).toBe(true);
    expect(
      all
        .filter((h) => /^help-\d+\./.test(h.hostname))
        .every((h) => h.ssl.certificate_authority === "" && apexIssue(h.hostname).length === 0),
    ).toBe(true);
    expect(all.filter((h) => h.hostname.endsWith(".example") && h.ssl.certificate_authority === "").length).toBeGreaterThan(100);
    // The designed hostnames come first, unchanged: the new ones are appended to each zone's list.
    const designed = Object.values(state.certificates).flatMap((c) => c.customHostnames.filter((h) => h.hostname.endsWith(".example")));
    expect(designed[0]!.hostname).toBe("app.customer-001-2.example");
  });

  it("seeds custom hostnames serving an uploaded certificate in the SDK's shape: no CA, no method, the certificate's own fields", () => {
    const state = seedAccount({ seed: 1 });
    const uploaded = Object.values(state.certificates)
      .flatMap((c) => c.customHostnames)
      .filter((h) => h.hostname.endsWith(".uploaded-customer.example"));
    expect(uploaded).toHaveLength(24);
    for (const h of uploaded) {
      expect(h.ssl).not.toHaveProperty("certificate_authority");
      expect(h.ssl).not.toHaveProperty("method");
      expect(h.ssl).toMatchObject({
        type: "dv",
        issuer: expect.any(String),
        serial_number: expect.stringMatching(/^\d+$/),
        hosts: [h.hostname],
      });
      expect(Date.parse(h.ssl.uploaded_on!)).not.toBeNaN();
    }
    expect(uploaded.filter((h) => h.ssl.custom_certificate?.startsWith("-----BEGIN CERTIFICATE-----"))).toHaveLength(12);
  });

  it("serves the same zones for the same seed, others for another seed", async () => {
    const token = randomBytes(16).toString("hex");
    const [a, b, c] = await Promise.all([1, 1, 2].map((seed) => startSandbox({ apiToken: token, seed, rateLimit: null })));
    try {
      const page = async (url: string) =>
        (await fetch(`${url}/zones?per_page=50&page=2`, { headers: { Authorization: `Bearer ${token}` } })).text();
      expect(await page(a!.apiBaseUrl)).toBe(await page(b!.apiBaseUrl));
      expect(await page(c!.apiBaseUrl)).not.toBe(await page(a!.apiBaseUrl));
      expect(a!.state).toEqual(b!.state);
      expect(a!.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(a!.apiBaseUrl).toBe(`${a!.url}/client/v4`);
    } finally {
      await Promise.all([a, b, c].map((s) => s?.close()));
    }
  });
});

describe("building blocks", () => {
  it("text filters follow the v4 operators", () => {
    expect(textFilter("Example.com")("example.com")).toBe(true);
    expect(textFilter("contains:.org")("shop.org")).toBe(true);
    expect(textFilter("starts_with:dev")("dev.app")).toBe(true);
    expect(textFilter("ends_with:arpa")("x.arpa")).toBe(true);
    expect(textFilter("not_equal:a.com")("a.com")).toBe(false);
    expect(textFilter("contains_case_sensitive:Shop")("shop.com")).toBe(false);
    expect(textFilter("weird:value")("weird:value")).toBe(true);
  });

  it("paginate answers an empty page past the end with the totals", () => {
    expect(paginate([1, 2, 3], 2, 2)).toEqual({
      result: [3],
      resultInfo: { page: 2, per_page: 2, count: 1, total_count: 3, total_pages: 2 },
    });
    expect(paginate([1, 2, 3], 3, 2).result).toEqual([]);
    expect(paginate([], 1, 20).resultInfo).toEqual({ page: 1, per_page: 20, count: 0, total_count: 0, total_pages: 0 });
  });
});
