// The large-account profile: 5,000 zones and 100,000 custom hostnames, generated on demand. Every page
// is served in the list's order and the same on every run; the designed seed is unchanged by it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedAccount } from "@/lib/dev/sandbox/seed";
import { startSandbox, type RunningSandbox } from "@/lib/dev/sandbox/server";

const TOKEN = "large-profile-token-0001";
let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ apiToken: TOKEN, rateLimit: null, zoneCount: 5_000, customHostnames: 100_000 });
}, 60_000);
afterAll(() => sandbox.close());

const get = async (path: string) => {
  const response = await fetch(`${sandbox.apiBaseUrl}${path}`, { headers: { Authorization: `Bearer ${TOKEN}` } });
  return (await response.json()) as {
    result: Array<{ id: string; hostname: string; ssl: { certificate_authority: string } }>;
    result_info: { total_count: number; total_pages: number };
  };
};

describe("the large-account profile", () => {
  it("holds 100,000 bulk hostnames over the zones, a fifth in one zone", () => {
    const plan = [...sandbox.state.bulkHostnames.values()];
    expect(plan.reduce((sum, p) => sum + p.count, 0)).toBe(100_000);
    expect(Math.max(...plan.map((p) => p.count))).toBe(20_000);
    expect(sandbox.state.zones).toHaveLength(5_000);
  });

  it("serves the heavy zone page by page in the list's order, deterministically", async () => {
    const zoneId = sandbox.state.zones[3]!.id;
    const first = await get(`/zones/${zoneId}/custom_hostnames?per_page=50&page=1`);
    expect(first.result_info).toMatchObject({ total_count: 20_000, total_pages: 400 });
    const last = await get(`/zones/${zoneId}/custom_hostnames?per_page=50&page=400`);
    const beyond = await get(`/zones/${zoneId}/custom_hostnames?per_page=50&page=401`);
    expect(last.result).toHaveLength(50);
    expect(beyond.result).toEqual([]);
    const order = [...first.result, ...last.result].map((h) => `${h.ssl.certificate_authority}\u0000${h.hostname}`);
    expect(order).toEqual([...order].sort());
    expect(await get(`/zones/${zoneId}/custom_hostnames?per_page=50&page=1`)).toEqual(first);
    // A filtered listing sees the same generated hostnames.
    const byName = await get(`/zones/${zoneId}/custom_hostnames?hostname=${first.result[3]!.hostname}`);
    expect(byName.result).toEqual([first.result[3]]);
  });

  it("leaves the default seed exactly as designed", () => {
    const designed = seedAccount({ seed: 1, zoneCount: 240 });
    const withZero = seedAccount({ seed: 1, zoneCount: 240, customHostnames: 0 });
    expect(withZero.bulkHostnames.size).toBe(0);
    expect(JSON.stringify(withZero.certificates)).toBe(JSON.stringify(designed.certificates));
  });
});
