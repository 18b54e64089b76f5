// Real sandbox HTTP answers validated against the reference OpenAPI subset (2024 spec + 2026 common components and SDK facts).
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type DnsRecord, type RunningSandbox, type Zone } from "@/lib/dev/sandbox/server";
import { ajv, expectValid, reference, responseSchema } from "@/tests/unit/reference-schemas";

const response = (path: string, status: string) => responseSchema(path, "get", status);
const schemas = {
  zonesList: response("/zones", "200"),
  zonesFailure: response("/zones", "4XX"),
  zoneGet: response("/zones/{zone_id}", "200"),
  dnsList: response("/zones/{zone_id}/dns_records", "200"),
  commonFailure: ajv.compile({ $ref: "cf-common#/components/schemas/api-response-common-failure" }),
  commonZone: ajv.compile({ $ref: "cf-common#/components/schemas/zone" }),
  commonPlan: ajv.compile({ $ref: "cf-common#/components/schemas/plan" }),
};

const token = randomBytes(24).toString("hex");
let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ apiToken: token, rateLimit: null });
});
afterAll(() => sandbox.close());

async function get(path: string, auth = true): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${sandbox.apiBaseUrl}${path}`, { headers: auth ? { Authorization: `Bearer ${token}` } : {} });
  return { status: res.status, body: await res.json() };
}

describe("contract: GET /zones", () => {
  it("matches the 200 schema on every page, including the empty page past the end", async () => {
    for (let page = 1; page <= 6; page++) {
      const answer = await get(`/zones?per_page=50&page=${page}`);
      expect(answer.status).toBe(200);
      expectValid(schemas.zonesList, answer.body, `GET /zones page ${page}`);
    }
  });

  it("carries the 2026 fields the SDK documents (status, type, plan.legacy_id) and the common zone/plan shapes", async () => {
    const answer = (await get("/zones?per_page=50")).body as { result: Zone[] };
    const sdk = reference.sdk_observed_2026.schemas;
    for (const zone of answer.result) {
      expect(sdk["Zone.status"]).toContain(zone.status);
      expect(sdk["Zone.type"]).toContain(zone.type);
      expect(["free", "pro", "business", "enterprise"]).toContain(zone.plan.legacy_id);
      expect(typeof zone.paused).toBe("boolean");
      expectValid(schemas.commonZone, zone, `zone ${zone.name} (common 2026 zone)`);
      expectValid(schemas.commonPlan, zone.plan, `plan of ${zone.name} (common 2026 plan)`);
    }
  });
});

describe("contract: GET /zones/{zone_id}", () => {
  it("matches the 200 schema for zones of every plan", async () => {
    const byPlan = new Map(sandbox.state.zones.map((z) => [z.plan.legacy_id, z]));
    expect(byPlan.size).toBe(4);
    for (const zone of byPlan.values()) {
      const answer = await get(`/zones/${zone.id}`);
      expect(answer.status).toBe(200);
      expectValid(schemas.zoneGet, answer.body, `GET /zones/${zone.id}`);
    }
  });
});

describe("contract: GET /zones/{zone_id}/dns_records", () => {
  it("matches the 200 schema for every seeded record type, CAA included", async () => {
    const seededTypes = new Set(Object.values(sandbox.state.dnsRecords).flatMap((records) => records.map((r) => r.type)));
    const validatedTypes = new Set<string>();
    for (const zone of sandbox.state.zones) {
      const answer = await get(`/zones/${zone.id}/dns_records`);
      expect(answer.status).toBe(200);
      expectValid(schemas.dnsList, answer.body, `GET /zones/${zone.name}/dns_records`);
      for (const record of (answer.body as { result: DnsRecord[] }).result) validatedTypes.add(record.type);
      if (validatedTypes.size === seededTypes.size && zone !== sandbox.state.zones[0]) break;
    }
    expect([...validatedTypes].sort()).toEqual([...seededTypes].sort());
    expect(validatedTypes).toContain("CAA");
    const caaZone = sandbox.state.zones.find((z) => sandbox.state.dnsRecords[z.id]?.some((r) => r.type === "CAA"))!;
    const caa = await get(`/zones/${caaZone.id}/dns_records?type=CAA`);
    expectValid(schemas.dnsList, caa.body, "GET dns_records?type=CAA");
    const big = Object.entries(sandbox.state.dnsRecords).find(([, records]) => records.length > 100)!;
    expectValid(schemas.dnsList, (await get(`/zones/${big[0]}/dns_records?page=2`)).body, "GET dns_records page 2");
  });
});

describe("contract: failure envelopes", () => {
  it("match the 2026 common failure schema and the 4XX schema of /zones", async () => {
    const failures = [
      await get("/zones", false),
      await get("/zones?per_page=51"),
      await get("/zones/not-an-id"),
      await get("/zones/0123456789abcdef0123456789abcdef"),
      await get("/no/such/route"),
    ];
    for (const answer of failures) {
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expectValid(schemas.commonFailure, answer.body, `failure ${answer.status}`);
      expectValid(schemas.zonesFailure, answer.body, `failure ${answer.status} (zones 4XX)`);
    }
  });

  it("would catch a wrong shape (the validators are not vacuous)", () => {
    expect(schemas.zonesList({ success: true, errors: [], messages: [], result: [{ id: 1 }] })).toBe(false);
    expect(schemas.commonFailure({ success: true, errors: [], messages: [], result: null })).toBe(false);
    expect(schemas.dnsList({ success: true, errors: [], messages: [], result: [{ type: "CAA", name: "x.com" }] })).toBe(false);
  });
});

describe("contract: certificate packs, custom certificates, custom hostnames, Total TLS", () => {
  const sdk = reference.sdk_observed_2026.schemas as unknown as Record<string, Record<string, string[]>>;
  const certificateSchemas = {
    customCertificates: response("/zones/{zone_id}/custom_certificates", "200"),
    customHostnames: response("/zones/{zone_id}/custom_hostnames", "200"),
    packs: response("/zones/{zone_id}/ssl/certificate_packs", "200"),
    totalTls: response("/zones/{zone_id}/acm/total_tls", "200"),
    hostnamePatch: responseSchema("/zones/{zone_id}/custom_hostnames/{custom_hostname_id}", "patch", "200"),
  };
  const zoneWith = (test: (id: string) => boolean) => sandbox.state.zones.find((z) => test(z.id))!;
  const certs = (id: string) => sandbox.state.certificates[id]!;

  it("lists packs of every type and CA with status=all and the document's ssl_status=all, paged", async () => {
    const types = new Set<string>();
    const cas = new Set<string>();
    for (const zone of sandbox.state.zones.slice(0, 40)) {
      const all = await get(`/zones/${zone.id}/ssl/certificate_packs?status=all&per_page=50`);
      expectValid(certificateSchemas.packs, all.body, `packs of ${zone.name}`);
      const result = (all.body as { result: Array<{ id: string; type: string; certificate_authority?: string; status: string }> }).result;
      const documented = await get(`/zones/${zone.id}/ssl/certificate_packs?ssl_status=all&per_page=50`);
      expect((documented.body as { result: unknown[] }).result).toEqual(result);
      for (const pack of result) {
        types.add(pack.type);
        if (pack.certificate_authority) cas.add(pack.certificate_authority);
        expect(sdk["CertificatePack"]!["type"]).toContain(pack.type);
        expect(sdk["CertificatePack"]!["status"]).toContain(pack.status);
      }
    }
    expect([...types].sort()).toEqual([...sdk["CertificatePack"]!["type"]!].sort());
    expect([...cas].sort()).toEqual(["google", "lets_encrypt", "ssl_com"]);
    const pending = zoneWith((id) => certs(id).packs.some((p) => p.status !== "active"));
    const activeOnly = (await get(`/zones/${pending.id}/ssl/certificate_packs`)).body as { result: Array<{ status: string }> };
    expect(activeOnly.result.every((p) => p.status === "active")).toBe(true);
  });

  it("lists custom certificates of every bundle method", async () => {
    const methods = new Set<string>();
    for (const zone of sandbox.state.zones.filter((z) => certs(z.id).customCertificates.length > 0).slice(0, 12)) {
      const answer = await get(`/zones/${zone.id}/custom_certificates`);
      expectValid(certificateSchemas.customCertificates, answer.body, `custom certificates of ${zone.name}`);
      for (const c of (answer.body as { result: Array<{ bundle_method: string }> }).result) methods.add(c.bundle_method);
    }
    expect([...methods].sort()).toEqual(["force", "optimal", "ubiquitous"]);
  });

  it('pages custom hostnames to the empty page; "" (default CA) is the only value outside the 2024 enum', async () => {
    const big = zoneWith((id) => certs(id).customHostnames.length > 100);
    const seen: Array<{ id: string; ssl: { certificate_authority: string } }> = [];
    for (let page = 1; ; page++) {
      const answer = await get(`/zones/${big.id}/custom_hostnames?per_page=50&page=${page}`);
      const body = answer.body as { result: typeof seen; result_info: { total_pages: number } };
      // The document: "" selects the default CA; the 2024 OpenAPI enum predates it.
      const forSchema = structuredClone(body) as typeof body;
      for (const h of forSchema.result)
        if (h.ssl.certificate_authority === "") delete (h.ssl as Partial<typeof h.ssl>).certificate_authority;
      // The 2024 answer schema refs the generic 32-character Identifier for `id`, but the same operation's `id`
      // filter is exactly 36 characters (example 0d89c70d-ad9f-4843-b99f-6cc0252067e9) and the SDK's tests use
      // UUIDs: the id is a UUID, checked as one here, and without its dashes against the answer schema.
      for (const h of forSchema.result) {
        expect(h.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
        h.id = h.id.replace(/-/g, "");
      }
      expectValid(certificateSchemas.customHostnames, forSchema, `custom hostnames page ${page}`);
      if (body.result.length === 0) break;
      seen.push(...body.result);
    }
    expect(seen.length).toBe(certs(big.id).customHostnames.length);
    expect(new Set(seen.map((h) => h.ssl.certificate_authority))).toEqual(new Set(["lets_encrypt", "", "google", "ssl_com"]));
  });

  it("answers the Total TLS setting", async () => {
    const enabled = zoneWith((id) => certs(id).totalTls.enabled);
    const answer = await get(`/zones/${enabled.id}/acm/total_tls`);
    expectValid(certificateSchemas.totalTls, answer.body, "total_tls");
    expect((answer.body as { result: { enabled: boolean } }).result.enabled).toBe(true);
  });

  it("honours PATCH of a custom hostname's CA and refuses a bad body with a 400 naming the field", async () => {
    const zone = zoneWith((id) => certs(id).customHostnames.some((h) => h.ssl.certificate_authority === "lets_encrypt"));
    const hostname = certs(zone.id).customHostnames.find((h) => h.ssl.certificate_authority === "lets_encrypt")!;
    const patch = (body: string) =>
      fetch(`${sandbox.apiBaseUrl}/zones/${zone.id}/custom_hostnames/${hostname.id}`, {
        method: "PATCH",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body,
      });
    const bad = await patch(JSON.stringify({ ssl: { certificate_authority: "comodo" } }));
    expect(bad.status).toBe(400);
    const badBody = (await bad.json()) as { errors: Array<{ message: string }> };
    expectValid(schemas.commonFailure, badBody, "PATCH 400");
    expect(badBody.errors[0]!.message).toMatch(/ssl\.certificate_authority/);
    expect((await patch("{not json")).status).toBe(400);
    expect(hostname.ssl.certificate_authority).toBe("lets_encrypt");
    // The docs' "Change certificate authority": omitting type or method with the CA is an error (code 1434).
    for (const ssl of [{ certificate_authority: "google" }, { type: "dv", certificate_authority: "google" }]) {
      const refused = await patch(JSON.stringify({ ssl }));
      expect(refused.status).toBe(400);
      const refusedBody = (await refused.json()) as { errors: Array<{ code: number; message: string }> };
      expectValid(schemas.commonFailure, refusedBody, "PATCH 400 (1434)");
      expect(refusedBody.errors[0]).toMatchObject({ code: 1434, message: expect.stringMatching(/ssl\.method/) });
    }
    expect(hostname.ssl.certificate_authority).toBe("lets_encrypt");
    const good = await patch(JSON.stringify({ ssl: { method: hostname.ssl.method, type: "dv", certificate_authority: "" } }));
    expect(good.status).toBe(200);
    const updated = (await good.json()) as { result: { ssl: { certificate_authority: string; status: string } } };
    expect(updated.result.ssl).toMatchObject({ certificate_authority: "", status: "pending_validation" });
    const listed = (await get(`/zones/${zone.id}/custom_hostnames?hostname=${hostname.hostname}`)).body as {
      result: (typeof updated.result)[];
    };
    expect(listed.result[0]!.ssl.certificate_authority).toBe("");
    const missing = await fetch(`${sandbox.apiBaseUrl}/zones/${zone.id}/custom_hostnames/ffffffff-ffff-4fff-afff-ffffffffffff`, {
      method: "PATCH",
      headers: { Authorization: `Bearer ${token}` },
      body: "{}",
    });
    expect(missing.status).toBe(404);
  });
});
