// The audit's calls: it shows exactly what reading everything shows (every zone, the Total TLS setting even where
// the packs settle it, its own zone listing) while skipping those reads; the account is listed once for Zones
// then Certificates; and a zone listing bigger than one request's budget never fails a zone.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditCertificates } from "@/lib/certificates/audit";
import { hostnameCaaContext } from "@/lib/certificates/caa-reads";
import { fetchCaaRecords, fetchInventory } from "@/lib/certificates/inventory";
import type { CertificatesPage, ZoneOutcome } from "@/lib/certificates/types";
import { reauditZone } from "@/lib/certificates/reaudit";
import { auditZone } from "@/lib/certificates/zone-audit";
import { scanAccount } from "@/lib/migration/scan-account";
import { scanCache } from "@/lib/migration/scan-cache";
import { PlatformClient } from "@/lib/platform/client";
import { DeferredError } from "@/lib/errors/platform-errors";
import { RateLimiter } from "@/lib/platform/rate-limiter";
import { Scheduler } from "@/lib/platform/scheduler";
import { sharedZoneList } from "@/lib/platform/zone-list-share";
import { listZones } from "@/lib/platform/zones";
import { startSandbox, type RunningSandbox } from "@/lib/dev/sandbox/server";

const token = randomBytes(16).toString("hex");
const limiter = new RateLimiter({ requests: 1e6, windowSeconds: 60 });
const clientFor = (sandbox: RunningSandbox, budget = 1000) =>
  new PlatformClient(sandbox.apiBaseUrl, { kind: "token", token }, new Scheduler({ limiter, subrequestBudget: budget, timeoutMs: 10_000 }));
const zoneListings = (sandbox: RunningSandbox) => sandbox.calls().filter((c) => c.path.endsWith("/client/v4/zones")).length;

async function audit(sandbox: RunningSandbox, budget = 1000, until?: (pages: CertificatesPage[]) => boolean) {
  const pages: CertificatesPage[] = [];
  let cursor: string | undefined;
  do {
    pages.push(await auditCertificates(clientFor(sandbox, budget), { cursor, refresh: cursor === undefined }));
    cursor = pages.at(-1)!.cursor;
    if (pages.length > 200) throw new Error("no progress");
  } while (cursor && !until?.(pages));
  return {
    pages,
    certificates: pages.flatMap((p) => p.certificates),
    caa: pages.flatMap((p) => p.caa),
    zones: pages.flatMap((p) => p.zones),
  };
}

describe("the certificate audit on the seeded sandbox", () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ apiToken: token, rateLimit: null });
  });
  afterAll(() => sandbox.close());

  it("shows exactly what reading everything shows, and reads the Total TLS setting only where the packs leave it open", async () => {
    sharedZoneList.clear();
    const before = sandbox.calls().length;
    const answer = await audit(sandbox);
    const totalTlsReads = sandbox
      .calls()
      .slice(before)
      .filter((c) => c.path.endsWith("/acm/total_tls")).length;

    // The reference: its own listing, every zone's whole inventory, the CAA context from the whole list.
    const client = clientFor(sandbox, 100_000);
    const listed = await listZones(client);
    expect(listed.complete).toBe(true);
    const reads = { zones: async () => listed.zones, records: (zoneId: string) => fetchCaaRecords(client, zoneId) };
    const reference = {
      certificates: [] as CertificatesPage["certificates"],
      caa: [] as CertificatesPage["caa"],
      zones: [] as ZoneOutcome[],
    };
    for (const zone of listed.zones) {
      const inventory = await fetchInventory(client, zone, { readAll: true });
      const { rows, caa } = auditZone(
        zone,
        inventory,
        await hostnameCaaContext(reads, zone, inventory.caaRecords, inventory.customHostnames),
      );
      reference.certificates.push(...rows);
      reference.caa.push(...caa);
      reference.zones.push({ zoneId: zone.id, zoneName: zone.name, account: zone.account, status: "audited" });
    }
    expect(answer.zones).toEqual(reference.zones);
    expect(answer.certificates).toEqual(reference.certificates);
    expect(answer.caa).toEqual(reference.caa);
    expect(answer.pages.at(-1)!.totalZones).toBe(sandbox.state.zones.length);

    // From the seeded packs alone: a zone whose Total TLS packs all name their CA needs no setting.
    const settled = Object.values(sandbox.state.certificates).filter((c) => {
      const packs = c.packs.filter((p) => p.type === "total_tls");
      return packs.length > 0 && packs.every((p) => p.certificate_authority);
    }).length;
    expect(settled).toBeGreaterThan(0);
    expect(totalTlsReads).toBe(sandbox.state.zones.length - settled);
  });

  it("lists the account once for Zones then Certificates, and once for Certificates then Zones", async () => {
    for (const order of ["zones first", "certificates first"]) {
      scanCache.clear();
      const before = zoneListings(sandbox);
      const zones = async () => {
        let cursor: string | undefined;
        do cursor = (await scanAccount(clientFor(sandbox), { cursor, refresh: cursor === undefined })).cursor;
        while (cursor);
      };
      if (order === "zones first") await zones();
      await audit(sandbox);
      if (order !== "zones first") await zones();
      expect(zoneListings(sandbox) - before, order).toBe(Math.ceil(sandbox.state.zones.length / 50));
    }
  });
});

describe("a zone listing bigger than one request's budget", () => {
  let big: RunningSandbox;
  beforeAll(async () => {
    big = await startSandbox({ apiToken: token, rateLimit: null, zoneCount: 5000 });
  });
  afterAll(() => big.close());

  it("continues across requests (each page listed once) and never marks a zone failed for its sake", async () => {
    sharedZoneList.clear();
    // The free plan's 50 subrequests; 100 pages of zones. Up to the first zones whose custom hostnames need the whole list.
    const withHostnames = (z: ZoneOutcome) => big.state.certificates[z.zoneId]!.customHostnames.length > 0;
    const { pages, zones } = await audit(big, 50, (seen) => seen.flatMap((p) => p.zones).filter(withHostnames).length >= 3);
    expect(zones.filter((z) => z.status !== "audited")).toEqual([]);
    expect(zones.filter(withHostnames).length).toBeGreaterThanOrEqual(3);
    expect(new Set(zones.map((z) => z.zoneId)).size).toBe(zones.length);
    // The list comes first: the first answer audits nothing yet and says where to continue.
    expect(pages[0]).toMatchObject({ complete: false, zones: [], certificates: [] });
    expect(pages[0]!.cursor).toBeDefined();
    expect(zoneListings(big)).toBe(100);
  });

  it("retrying a zone waits for the list (deferred, never failed) and then audits it", async () => {
    // A new scan whose listing has barely begun (no list to share): one page on a budget of one.
    sharedZoneList.clear();
    expect((await auditCertificates(clientFor(big, 1), { refresh: true })).complete).toBe(false);
    const zone = big.state.zones.find((z) => big.state.certificates[z.id]!.customHostnames.length > 0)!;
    let outcome;
    let deferred = 0;
    for (let attempt = 0; !outcome; attempt++) {
      expect(attempt).toBeLessThan(5);
      try {
        outcome = (await reauditZone(clientFor(big, 50), zone.id)).zone;
      } catch (error) {
        expect(error).toBeInstanceOf(DeferredError);
        deferred++;
      }
    }
    expect(deferred).toBeGreaterThan(0); // 99 pages left do not fit one budget of 50
    expect(outcome).toMatchObject({ zoneId: zone.id, status: "audited" });
  });
});
