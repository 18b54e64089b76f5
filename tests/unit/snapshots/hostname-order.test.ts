// Custom hostnames read across requests: paged with an explicit order the schema allows (`order=ssl`,
// `direction=asc`), the sandbox honouring it, and a resumed walk that checks its boundary, so a hostname
// that moves between two requests (its CA switched) fails the zone by name instead of leaving a silent gap.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CallRecord } from "@/lib/dev/sandbox/server";
import { getZone } from "@/lib/platform/zones";
import { auditZonesFrom, type HostnamePosition } from "@/lib/snapshots/certificate-work";
import { startSnapshotHarness, TOKEN } from "./harness";

let h: Awaited<ReturnType<typeof startSnapshotHarness>>;
beforeAll(async () => {
  h = await startSnapshotHarness({ zoneCount: 10, customHostnames: 1_000 });
});
afterAll(() => h.close());

/** No CAA reads here (their calls would share the budget the page counts below rely on). */
const reads = () => ({ caaCache: new Map(), zones: async () => [], records: async () => [] });

const api = async <T>(path: string, init: RequestInit = {}) =>
  (
    (await (
      await fetch(`${h.sandbox.apiBaseUrl}${path}`, {
        ...init,
        headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
      })
    ).json()) as { result: T }
  ).result;

describe("custom hostnames paged across requests", () => {
  it("are asked for in an explicit order, resume at the boundary, and fail the zone by name when hostnames moved", async () => {
    const [zoneId] = [...h.sandbox.state.bulkHostnames.entries()].sort(([, a], [, b]) => b.count - a.count)[0]!;
    const zone = await getZone(h.platform(10), zoneId);
    await h.clearCalls();

    // Two requests of 9 calls each, 4 of them left for the hostnames' CAA reads: pages 1–5, then page 5 again (the boundary) and 6–9.
    const first = await auditZonesFrom(h.platform(9), [zone], { zone: 0, hostnamePage: 1 }, 0, reads());
    expect(first.next).toMatchObject({ zone: 0, hostnamePage: 6, hostnameAfter: expect.any(String) });
    const second = await auditZonesFrom(h.platform(9), [zone], first.next, 0, reads());
    expect(second.next).toMatchObject({ zone: 0, hostnamePage: 10 });
    expect(second.zones).toEqual([]);
    const ids = [...first.certificates, ...second.certificates].map((row) => row.id);
    expect(ids).toHaveLength(9 * 50);
    expect(new Set(ids).size).toBe(ids.length); // the re-read boundary page is not kept twice

    const calls = ((await (await fetch(`${h.sandbox.url}/__sandbox/calls`)).json()) as { calls: CallRecord[] }).calls.filter((c) =>
      c.path.endsWith("/custom_hostnames"),
    );
    expect(calls.map((c) => Number(c.query.page))).toEqual([1, 2, 3, 4, 5, 5, 6, 7, 8, 9]);
    for (const call of calls) expect(call.query).toMatchObject({ order: "ssl", direction: "asc", per_page: "50" });

    // The sandbox honours the order and its direction (the CA blocks "" < google < lets_encrypt < ssl_com).
    type Listed = { id: string; ssl: { method: string; certificate_authority: string } };
    const firstAsc = await api<Listed[]>(`/zones/${zoneId}/custom_hostnames?order=ssl&direction=asc&per_page=50&page=1`);
    const firstDesc = await api<Listed[]>(`/zones/${zoneId}/custom_hostnames?order=ssl&direction=desc&per_page=50&page=1`);
    expect(firstAsc[0]!.ssl.certificate_authority).toBe("");
    expect(firstDesc[0]!.ssl.certificate_authority).toBe("ssl_com");

    // A hostname late in the order switches to the default CA ("" sorts first): every later page shifts by one.
    const moved = firstDesc[0]!;
    await api(`/zones/${zoneId}/custom_hostnames/${moved.id}`, {
      method: "PATCH",
      body: JSON.stringify({ ssl: { method: moved.ssl.method, type: "dv", certificate_authority: "" } }),
    });
    const third = await auditZonesFrom(h.platform(9), [zone], second.next as HostnamePosition, 0, reads());
    expect(third.zones).toEqual([
      {
        zoneId,
        zoneName: zone.name,
        status: "failed",
        reason: expect.stringMatching(/custom hostnames moved while they were read across requests.*refresh again/),
      },
    ]);
    expect(third.next).toEqual({ zone: 1, hostnamePage: 0 });
  });
});
