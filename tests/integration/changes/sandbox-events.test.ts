// The sandbox's certificate changes between two snapshots (POST /__sandbox/certificates): each leaves the
// account as the real API would list it (answers checked against the reference schema), and a bad request
// is a 400 naming the field.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type RunningSandbox } from "@/lib/dev/sandbox/server";
import { expectValid, responseSchema } from "@/tests/unit/reference-schemas";

const token = randomBytes(24).toString("hex");
let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ apiToken: token, rateLimit: null, zoneCount: 40 });
});
afterAll(() => sandbox.close());

const schemas = {
  packs: responseSchema("/zones/{zone_id}/ssl/certificate_packs", "get", "200"),
  customCertificates: responseSchema("/zones/{zone_id}/custom_certificates", "get", "200"),
  customHostnames: responseSchema("/zones/{zone_id}/custom_hostnames", "get", "200"),
};

async function change(body: unknown) {
  const response = await fetch(`${sandbox.url}/__sandbox/certificates`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as {
      error?: string;
      zone: { id: string; name: string };
      certificate: Record<string, unknown> & { id: string };
    },
  };
}
async function list<T>(path: string, schema: (typeof schemas)[keyof typeof schemas]): Promise<T[]> {
  const body = (await (await fetch(`${sandbox.apiBaseUrl}${path}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as {
    result: T[];
  };
  // As in the contract test: the 2024 answer schema's custom hostname `id` is the generic 32-character
  // identifier, the real id a UUID (the operation's own `id` filter is 36 characters): checked without dashes.
  const forSchema = structuredClone(body) as { result: Array<{ id: string }> };
  if (schema === schemas.customHostnames) for (const h of forSchema.result) h.id = h.id.replace(/-/g, "");
  expectValid(schema, forSchema, `GET ${path}`);
  return body.result;
}

describe("sandbox certificate changes", () => {
  it("orders an advanced pack on lets_encrypt, listed like any pack", async () => {
    const { status, body } = await change({ change: "order_legacy_pack" });
    expect(status).toBe(200);
    const packs = await list<{ id: string; type: string; certificate_authority?: string; status: string; validity_days?: number }>(
      `/zones/${body.zone.id}/ssl/certificate_packs?status=all&per_page=50`,
      schemas.packs,
    );
    expect(packs.find((p) => p.id === body.certificate.id)).toMatchObject({
      type: "advanced",
      certificate_authority: "lets_encrypt",
      status: "active",
      validity_days: 90,
    });
  });

  it("switches a custom hostname on google back to lets_encrypt, re-issued and active", async () => {
    const { body } = await change({ change: "switch_hostname_back" });
    const hostnames = await list<{
      id: string;
      ssl: { certificate_authority: string; status: string; issuer?: string; expires_on?: string };
    }>(`/zones/${body.zone.id}/custom_hostnames?per_page=50&id=${body.certificate.id}`, schemas.customHostnames);
    expect(hostnames[0]?.ssl).toMatchObject({ certificate_authority: "lets_encrypt", status: "active", issuer: "LetsEncrypt" });
    expect(Date.parse(hostnames[0]!.ssl.expires_on!)).toBeGreaterThan(Date.now());
  });

  it("uploads a Let's Encrypt certificate close to its expiry on a Business or Enterprise zone", async () => {
    const { body } = await change({ change: "upload_legacy_certificate", expiresInDays: 12 });
    const certificates = await list<{ id: string; issuer: string; expires_on: string; hosts: string[] }>(
      `/zones/${body.zone.id}/custom_certificates?per_page=50`,
      schemas.customCertificates,
    );
    const uploaded = certificates.find((c) => c.id === body.certificate.id)!;
    expect(uploaded.issuer).toBe("LetsEncrypt");
    expect(uploaded.hosts[0]).toMatch(new RegExp(`^uploaded-\\d+\\.legacy\\.${body.zone.name.replaceAll(".", "\\.")}$`));
    expect(Math.round((Date.parse(uploaded.expires_on) - Date.now()) / 86_400_000)).toBe(12);
  });

  it("refuses what it cannot do with a 400 naming the field", async () => {
    expect(await change({ change: "rename_zone" })).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^change: /) } });
    expect(await change({ change: "upload_legacy_certificate", expiresInDays: 400 })).toMatchObject({
      status: 400,
      body: { error: expect.stringMatching(/^expiresInDays: /) },
    });
    const free = sandbox.state.zones.find((z) => z.plan.legacy_id === "free")!;
    expect(await change({ change: "upload_legacy_certificate", zoneId: free.id })).toMatchObject({
      status: 400,
      body: { error: expect.stringMatching(/^zoneId: /) },
    });
    expect(await change({ change: "order_legacy_pack", zoneId: "f".repeat(32) })).toMatchObject({
      status: 400,
      body: { error: "zoneId: no such zone" },
    });
    const bad = await fetch(`${sandbox.url}/__sandbox/certificates`, { method: "POST", body: "[]" });
    expect(bad.status).toBe(400);
  });
});
