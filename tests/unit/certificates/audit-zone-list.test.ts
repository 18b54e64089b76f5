// Issue 25 review, finding 6: the audit's own zone listing keeps the count of entries it cannot show (the Zones
// page may take that shared list), and a zone whose entry did not parse is marked failed, never audited.
import { afterEach, describe, expect, it } from "vitest";
import { auditZones } from "@/lib/certificates/audit";
import { scanZoneList } from "@/lib/certificates/audit-zones";
import { PlatformClient } from "@/lib/platform/client";
import type { Scheduler, UpstreamRequest } from "@/lib/platform/scheduler";
import { sharedZoneList, zoneListKey } from "@/lib/platform/zone-list-share";

const ACCOUNT = { id: "a".repeat(32), name: "Acme" };
const zone = (n: number, extra: object = {}) => ({ id: `${n}`.padStart(32, "0"), name: `zone-${n}.example`, account: ACCOUNT, ...extra });
const ENTRIES = [zone(1), { ...zone(2), name: 42 }, { name: "no-id.example", account: ACCOUNT }, { name: "no-id-2.example" }];

/** A platform answering GET /zones with ENTRIES, two pages of two; every other path is recorded and answered empty. */
function platform() {
  const paths: string[] = [];
  const scheduler = {
    remainingBudget: 1000,
    async send(request: UpstreamRequest) {
      const url = new URL(request.url);
      paths.push(url.pathname);
      const pageNo = Number(url.searchParams.get("page") ?? "1");
      const result = url.pathname.endsWith("/zones") ? ENTRIES.slice((pageNo - 1) * 2, pageNo * 2) : [];
      const info = { page: pageNo, per_page: 2, count: result.length, total_count: ENTRIES.length, total_pages: 2 };
      const body = { success: true, errors: [], messages: [], result, result_info: info };
      return { status: 200, headers: new Headers(), body: JSON.stringify(body) };
    },
  };
  const client = new PlatformClient(
    "https://api.test/client/v4",
    { kind: "token", token: "t".repeat(40) },
    scheduler as unknown as Scheduler,
  );
  return { client, paths };
}

afterEach(() => sharedZoneList.clear());

describe("the certificate audit's zone listing", () => {
  it("adds up the entries it cannot show, over every page, into the list it shares", async () => {
    const { client } = platform();
    const scan = { listMaxAgeMs: 60_000 };
    let step = await scanZoneList(client, scan);
    for (let i = 0; !step.zones && i < 5; i++) step = await scanZoneList(client, scan);
    expect(step.zones?.zones.map((z) => z.id)).toEqual([zone(1).id, zone(2).id]);
    expect(step.zones?.unreadableEntries).toBe(2);
    expect(sharedZoneList.take(zoneListKey(client, undefined), 60_000)?.unreadableEntries).toBe(2);
  });

  it("marks a zone whose entry did not parse failed with the reason, and reads nothing of it", async () => {
    const { client, paths } = platform();
    const scan = { listMaxAgeMs: 60_000 };
    let step = await scanZoneList(client, scan);
    for (let i = 0; !step.zones && i < 5; i++) step = await scanZoneList(client, scan);
    const marked = step.zones!.zones[1]!;
    expect(marked.unreadable).toMatch(/^name: /);
    const reads = { zones: async () => step.zones!.zones, records: async () => [] };
    const pool = await auditZones(client, [marked], { alone: true, reads });
    expect(pool.results[0]).toMatchObject({ outcome: "failed", reason: expect.stringContaining("did not parse (name: ") });
    expect(paths.filter((p) => p.includes(marked.id))).toEqual([]);
  });
});
