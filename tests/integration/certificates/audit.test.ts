// The audit against a real sandbox over HTTP: every zone, every certificate, resumable under small budgets,
// failed zones marked failed, and scans reused until Refresh.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditCertificates } from "@/lib/certificates/audit";
import type { CertificatesPage } from "@/lib/certificates/types";
import { PlatformClient } from "@/lib/platform/client";
import { RateLimiter } from "@/lib/platform/rate-limiter";
import { Scheduler } from "@/lib/platform/scheduler";
import { startSandbox, type RunningSandbox } from "@/lib/dev/sandbox/server";

const token = randomBytes(16).toString("hex");
let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ apiToken: token, rateLimit: null });
});
afterAll(() => sandbox.close());

function client(budget: number, fetchImpl?: typeof fetch) {
  const scheduler = new Scheduler({
    limiter: new RateLimiter({ requests: 100_000, windowSeconds: 60 }),
    subrequestBudget: budget,
    timeoutMs: 10_000,
    fetch: fetchImpl,
  });
  return new PlatformClient(sandbox.apiBaseUrl, { kind: "token", token }, scheduler);
}

/** Follows cursors as the page does, one fresh budget per request. */
async function fullScan(budget: number, fetchImpl?: typeof fetch) {
  const pages: CertificatesPage[] = [];
  let cursor: string | undefined;
  do {
    const page = await auditCertificates(client(budget, fetchImpl), { cursor, refresh: cursor === undefined });
    pages.push(page);
    cursor = page.cursor;
    if (pages.length > 500) throw new Error("no progress");
  } while (cursor);
  return { pages, rows: pages.flatMap((p) => p.certificates), zones: pages.flatMap((p) => p.zones), caa: pages.flatMap((p) => p.caa) };
}

describe("auditCertificates against the sandbox", () => {
  let scan: Awaited<ReturnType<typeof fullScan>>;
  beforeAll(async () => {
    scan = await fullScan(1000);
  });

  it("audits every zone once and lists every certificate the sandbox holds", () => {
    const state = sandbox.state;
    expect(scan.zones.map((z) => z.zoneId).sort()).toEqual(state.zones.map((z) => z.id).sort());
    expect(scan.zones.every((z) => z.status === "audited")).toBe(true);
    const all = Object.values(state.certificates);
    const count = (kind: string) => scan.rows.filter((r) => r.kind === kind).length;
    expect(count("custom_hostname")).toBe(all.reduce((n, c) => n + c.customHostnames.length, 0));
    expect(count("custom_certificate")).toBe(all.reduce((n, c) => n + c.customCertificates.length, 0));
    expect(count("universal")).toBe(state.zones.length);
    expect(count("advanced")).toBe(all.reduce((n, c) => n + c.packs.filter((p) => p.type === "advanced").length, 0));
    expect(new Set(scan.rows.map((r) => `${r.kind}:${r.id}`)).size).toBe(scan.rows.length);
    expect(scan.pages.length).toBeGreaterThan(1); // ~5 calls a zone: 240 zones do not fit one budget of 1000
  });

  it("reads the big SaaS zones to the last page of custom hostnames", () => {
    const big = Object.entries(sandbox.state.certificates).find(([, c]) => c.customHostnames.length > 100)!;
    expect(scan.rows.filter((r) => r.zoneId === big[0] && r.kind === "custom_hostname").length).toBe(big[1].customHostnames.length);
  });

  it("gives every verdict and flags the legacy-chain custom hostnames with their validation method", () => {
    expect(new Set(scan.rows.map((r) => r.verdict))).toEqual(new Set(["no_action", "action_required", "informational", "not_serving"]));
    const onLegacy = scan.rows.filter((r) => r.kind === "custom_hostname" && r.certificateAuthority === "lets_encrypt");
    // The moved and deleted ones serve nothing (seed-dead-certificates.ts): not an action.
    const gone = onLegacy.filter((r) => /^(Moved|Deleted): /.test(r.reason));
    expect(gone.length).toBeGreaterThan(0);
    expect(gone.every((r) => r.verdict === "not_serving")).toBe(true);
    const legacy = onLegacy.filter((r) => !gone.includes(r));
    expect(legacy.length).toBeGreaterThan(10);
    expect(legacy.every((r) => r.verdict === "action_required" && r.validationMethod !== null)).toBe(true);
    expect(scan.rows.some((r) => r.kind === "custom_hostname" && r.certificateAuthority === "")).toBe(true);
  });

  it("finds CAA that blocks the alternative, inherited from the apex and set on a subdomain", () => {
    expect(scan.caa.some((f) => f.flagged && f.relevantName !== null && f.relevantName !== f.hostname)).toBe(true);
    expect(scan.caa.some((f) => !f.flagged && f.relevantName === f.hostname && f.hostname.startsWith("api."))).toBe(true);
    expect(scan.caa.some((f) => f.defaultCa === "none")).toBe(true);
    expect(scan.rows.some((r) => r.kind === "universal" && r.verdict === "action_required")).toBe(true);
  });

  it("checks the CAA of custom hostnames inside the account's zones (rule 6), and says it is unknown outside them", () => {
    const names = new Set(sandbox.state.zones.map((z) => z.name));
    const inAccount = (host: string) => host.split(".").some((_, i, parts) => names.has(parts.slice(i).join(".")));
    const hostnames = scan.rows.filter((r) => r.kind === "custom_hostname");
    const blocked = hostnames.filter((r) => /^shop-\d+\./.test(r.hosts[0]!));
    expect(blocked.length).toBeGreaterThan(5);
    for (const row of blocked) {
      expect(row).toMatchObject({ certificateAuthority: "", verdict: "action_required" });
      expect(row.reason).toMatch(/permits letsencrypt\.org but not pki\.goog, so it stays on lets_encrypt/);
      expect(scan.caa).toContainEqual(
        expect.objectContaining({
          zoneId: row.zoneId,
          hostname: row.hosts[0],
          source: "custom_hostname",
          flagged: true,
          defaultCa: "lets_encrypt",
        }),
      );
    }
    expect(
      hostnames
        .filter((r) => /^pay-\d+\./.test(r.hosts[0]!))
        .every((r) => r.verdict === "action_required" && r.action.startsWith("First add")),
    ).toBe(true);
    expect(hostnames.filter((r) => /^help-\d+\./.test(r.hosts[0]!)).every((r) => r.verdict === "no_action")).toBe(true);
    const outside = hostnames.filter((r) => r.certificateAuthority === "" && !inAccount(r.hosts[0]!));
    expect(outside.length).toBeGreaterThan(100);
    expect(outside.every((r) => r.verdict === "informational" && /CAA is unknown/.test(r.reason))).toBe(true);
    // Every default-CA custom hostname is either analysed (listed among the CAA findings) or said to be unknown.
    const listed = new Set(scan.caa.filter((f) => f.source === "custom_hostname").map((f) => `${f.zoneId}:${f.hostname}`));
    expect(
      hostnames
        .filter((r) => r.certificateAuthority === "")
        .every((r) => listed.has(`${r.zoneId}:${r.hosts[0]}`) !== /CAA is unknown/.test(r.reason)),
    ).toBe(true);
  });

  // Issue 25 item 2: the sandbox's uploaded-certificate hostnames (lib/dev/sandbox/seed-uploaded-hostnames.ts).
  it("judges custom hostnames serving an uploaded certificate by rules 4 and 5, from ssl.uploaded_on, never by CAA", () => {
    const served = new Map(Object.values(sandbox.state.certificates).flatMap((c) => c.customHostnames.map((h) => [h.id, h])));
    const uploaded = scan.rows.filter((r) => r.kind === "custom_hostname" && /\.uploaded-customer\.example$/.test(r.hosts[0]!));
    expect(uploaded.length).toBe(24);
    for (const row of uploaded) {
      const answer = served.get(row.id)!;
      expect(answer.ssl.certificate_authority).toBeUndefined();
      expect(row).toMatchObject({ certificateAuthority: null, uploadedOn: answer.ssl.uploaded_on, validationMethod: null });
      expect(row.reason).toMatch(/^This custom hostname serves an uploaded certificate.*(Rule [45]:|Issued by DigiCertInc)/);
      expect(row.reason).not.toMatch(/Rule 6|CAA is unknown/);
      expect(scan.caa.some((f) => f.source === "custom_hostname" && f.hostname === row.hosts[0])).toBe(false);
    }
    const store = uploaded.filter((r) => r.hosts[0]!.startsWith("store-"));
    expect(new Set(store.map((r) => r.verdict))).toEqual(new Set(["action_required", "informational"]));
    expect(uploaded.filter((r) => r.hosts[0]!.startsWith("portal-")).every((r) => r.verdict === "no_action")).toBe(true);
  });

  it("reads each zone's CAA records once per scan, though other zones' custom hostnames need them too", async () => {
    const paths: string[] = [];
    const counting: typeof fetch = (input, init) => {
      paths.push(new URL(String(input)).pathname);
      return fetch(input, init);
    };
    await fullScan(1000, counting);
    const caaReads = paths.filter((p) => p.endsWith("/dns_records"));
    expect(new Set(caaReads).size).toBe(sandbox.state.zones.length);
    expect(caaReads.length).toBeLessThanOrEqual(sandbox.state.zones.length + 10);
  });

  it("resumes under the free plan's 50 subrequests with nothing repeated or skipped", async () => {
    const small = await fullScan(50);
    expect(small.pages.length).toBeGreaterThan(20);
    const ids = (rows: typeof scan.rows) => rows.map((r) => `${r.kind}:${r.id}:${r.verdict}`).sort();
    expect(ids(small.rows)).toEqual(ids(scan.rows));
    expect(small.zones.length).toBe(sandbox.state.zones.length);
  });

  it("marks a zone whose calls fail as failed, with the reason, and keeps going", async () => {
    const victim = sandbox.state.zones[7]!;
    const failing: typeof fetch = (input, init) =>
      String(input).includes(`/zones/${victim.id}/custom_hostnames`)
        ? Promise.resolve(
            Response.json(
              { success: false, errors: [{ code: 10000, message: "Authentication error" }], messages: [], result: null },
              { status: 403 },
            ),
          )
        : fetch(input, init);
    const broken = await fullScan(1000, failing);
    const outcome = broken.zones.find((z) => z.zoneId === victim.id)!;
    expect(outcome).toMatchObject({ status: "failed" });
    expect(outcome.reason).toMatch(/custom_hostnames failed \(HTTP 403, code 10000/);
    expect(broken.rows.some((r) => r.zoneId === victim.id)).toBe(false);
    expect(broken.zones.filter((z) => z.status === "audited").length).toBe(sandbox.state.zones.length - 1);
  });

  it("reuses the latest scan until refresh, at no subrequest cost", async () => {
    const first = await auditCertificates(client(1000), { refresh: true });
    const again = client(1000);
    const reused = await auditCertificates(again, {});
    expect(reused.fetchedAt).toBe(first.fetchedAt);
    // The cached part costs nothing, so this request's budget carries the scan further than the first did.
    expect(reused.zones.length).toBeGreaterThan(first.zones.length);
    expect(reused.certificates.slice(0, first.certificates.length)).toEqual(first.certificates);
    expect(again.scheduler.stats.subrequests).toBeLessThan(1000);
    // Once the cursors of that scan were followed, one request returns all of it from the cache.
    let cursor = reused.cursor;
    while (cursor) cursor = (await auditCertificates(client(1000), { cursor })).cursor;
    const whole = client(1000);
    const all = await auditCertificates(whole, {});
    expect(all.complete).toBe(true);
    expect(all.zones.length).toBe(sandbox.state.zones.length);
    expect(whole.scheduler.stats.subrequests).toBe(0);
  });
});

describe("auditCertificates under the account rate limit", () => {
  it("answers with a cursor and the wait, marking no zone failed, instead of a 503", async () => {
    const limiter = new RateLimiter({ requests: 30, windowSeconds: 60 });
    const scheduler = new Scheduler({ limiter, subrequestBudget: 1000, timeoutMs: 10_000, maxRateLimitWaitMs: 500 });
    const page = await auditCertificates(new PlatformClient(sandbox.apiBaseUrl, { kind: "token", token }, scheduler), { refresh: true });
    expect(page.complete).toBe(false);
    expect(page.cursor).toBeDefined();
    expect(page.retryAfterSeconds).toBeGreaterThan(30);
    expect(page.zones.every((zone) => zone.status === "audited")).toBe(true);
  });
});
