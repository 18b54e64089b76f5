// Next evaluates a module once per bundle layer: a page's copy and a route's copy of the same file. State kept
// through lib/process-state.ts is one per process whichever copy asks; each test loads a second copy to see it.
import { afterEach, describe, expect, it, vi } from "vitest";
import { forgetProcessState, processState } from "@/lib/process-state";

/** A second copy of a module beside the one already loaded, as a second layer of the same server has. */
async function twoCopies<T>(load: () => Promise<T>): Promise<[T, T]> {
  const first = await load();
  vi.resetModules();
  const second = await load();
  return [first, second];
}

afterEach(() => {
  vi.resetModules();
  forgetProcessState();
});

describe("process state", () => {
  it("is made once per name and found again by that name", () => {
    const create = vi.fn(() => new Map<string, number>());
    const made = processState("test.once", create);
    expect(processState("test.once", create)).toBe(made);
    expect(processState("test.other", create)).not.toBe(made);
    expect(create).toHaveBeenCalledTimes(2);
  });

  it("is forgotten for a fresh start, and made again", () => {
    const made = processState("test.forget", () => ({}));
    forgetProcessState();
    expect(processState("test.forget", () => ({}))).not.toBe(made);
  });

  it("the scans a route's copy of the cache keeps are the page's: the Zones page's first rows come from them", async () => {
    const [route, page] = await twoCopies(() => import("@/lib/migration/scan-cache"));
    expect(page).not.toBe(route);
    route.scanCache.putZoneList("api\naccount", { zones: [], complete: true, fetchedAt: Date.now() });
    expect(page.scanCache.zoneList("api\naccount")?.complete).toBe(true);
  });

  it("a zone's account recorded by a route's listing is known to a page's copy (drift flags name it)", async () => {
    const [route, page] = await twoCopies(() => import("@/lib/accounts/zone-accounts"));
    const account = { id: "0".repeat(32), name: "Security" };
    route.zoneAccounts.record("default", [{ id: "zone-1", account }]);
    expect(page.zoneAccounts.accountOf("zone-1")).toEqual(account);
  });

  it("a write's forget through one copy makes every copy's remembered read stale", async () => {
    const [route, page] = await twoCopies(() => import("@/lib/storage/remembered-read"));
    const bucket = {} as Parameters<typeof page.rememberedRead>[0];
    let reads = 0;
    const read = () => Promise.resolve(++reads);
    expect(await page.rememberedRead(bucket, "flags", read)).toBe(1);
    expect(await page.rememberedRead(bucket, "flags", read)).toBe(1);
    route.forgetRead("flags");
    expect(await page.rememberedRead(bucket, "flags", read)).toBe(2);
  });
});
