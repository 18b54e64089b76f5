// Issue 25 items 8 and 9: the zone listing is read zone by zone (Zone.Plan's fields are optional in the SDK,
// so one zone without plan.name, or one that does not parse at all, never fails the others), and the
// platform's refusal to list zones across more than 500 accounts names the variable that fixes it.
import { describe, expect, it } from "vitest";
import { readZone } from "@/lib/migration/read-zone";
import { migrationRow } from "@/lib/migration/zone-assessment";
import { PlatformClient } from "@/lib/platform/client";
import type { Scheduler, UpstreamRequest } from "@/lib/platform/scheduler";
import { listZonePages, listZones } from "@/lib/platform/zones";

const ACCOUNT = { id: "a".repeat(32), name: "Acme" };
const zone = (n: number, extra: object = {}) => ({ id: `${n}`.padStart(32, "0"), name: `zone-${n}.example`, account: ACCOUNT, ...extra });
type Answer = { status: number; body: unknown };

/** A platform answering GET /zones from `answer`; every query is recorded. */
function platformWith(answer: (query: URLSearchParams) => Answer) {
  const queries: URLSearchParams[] = [];
  const scheduler = {
    remainingBudget: 1000,
    async send(request: UpstreamRequest) {
      const url = new URL(request.url);
      queries.push(url.searchParams);
      const out = answer(url.searchParams);
      return { status: out.status, headers: new Headers(), body: JSON.stringify(out.body) };
    },
  };
  const platform = new PlatformClient(
    "https://api.test/client/v4",
    { kind: "token", token: "t".repeat(40) },
    scheduler as unknown as Scheduler,
  );
  return { platform, queries };
}

const page = (result: unknown[]) => ({
  status: 200,
  body: {
    success: true,
    errors: [],
    messages: [],
    result,
    result_info: { page: 1, per_page: 50, count: result.length, total_count: result.length, total_pages: 1 },
  },
});

describe("the zone listing, zone by zone (item 8)", () => {
  const entries = [
    zone(1, { plan: { name: "Pro Website", legacy_id: "pro" } }),
    zone(2, { plan: { legacy_id: "enterprise" } }),
    zone(3, { plan: {} }),
    { ...zone(4), name: 42 },
    { name: "no-id.example", account: ACCOUNT },
  ];

  it("keeps every zone: a plan without a name is an unknown plan name, a zone that does not parse is marked, an entry without id counted", async () => {
    const { platform } = platformWith(() => page(entries));
    const listed = await listZones(platform);
    expect(listed.zones.map((z) => [z.id.slice(-1), z.plan, z.planName])).toEqual([
      ["1", "pro", "Pro Website"],
      ["2", "enterprise", "enterprise"],
      ["3", "unknown", "Unknown"],
      ["4", "unknown", "Unknown"],
    ]);
    expect(listed.zones.slice(0, 3).every((z) => z.unreadable === undefined)).toBe(true);
    expect(listed.zones[3]!.unreadable).toMatch(/^name: /);
    expect(listed.zones[3]!.name).toBe(zone(4).id);
    expect(listed.unreadableEntries).toBe(1);
    expect((await listZonePages(platform, 1)).unreadableEntries).toBe(1);
  });

  it("a marked zone is shown failed with what did not parse, and no call is made for it", async () => {
    const { platform, queries } = platformWith(() => page(entries));
    const marked = (await listZones(platform)).zones[3]!;
    const before = queries.length;
    const row = migrationRow(await readZone(platform, marked));
    expect(queries.length).toBe(before);
    expect(row.verdict).toBe("failed");
    expect(row.reasons[0]!.message).toContain("The zone listing's entry for this zone did not parse (name: ");
  });
});

describe("a token reaching more than 500 accounts (item 9)", () => {
  const refusal = (query: URLSearchParams): Answer =>
    query.has("account.id")
      ? page([zone(1)])
      : {
          status: 400,
          body: {
            success: false,
            errors: [
              {
                code: 10410,
                message: "Listing zones across more than 500 accounts is currently not allowed, please apply the 'account.id' filter",
              },
            ],
            messages: [],
            result: null,
          },
        };

  it("names CLOUDFLARE_ACCOUNT_ID in the error when no account is configured", async () => {
    const { platform } = platformWith(refusal);
    const listing = listZones(platform);
    await expect(listing).rejects.toMatchObject({ name: "PlatformError", operation: "GET /zones" });
    await expect(listing).rejects.toThrow(/more than 500 accounts.*set CLOUDFLARE_ACCOUNT_ID/);
  });

  it("lists the configured account's zones, filtered by account.id", async () => {
    const { platform, queries } = platformWith(refusal);
    expect((await listZones(platform, { accountId: ACCOUNT.id })).zones).toHaveLength(1);
    expect(queries[0]!.get("account.id")).toBe(ACCOUNT.id);
  });
});
