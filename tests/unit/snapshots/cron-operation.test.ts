// The refresh step's caller check: the cron header is accepted only when it equals PREFLIGHT_CRON_SECRET,
// never without a configured secret, and the secret is scrubbed like every other one.
import { beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "@/lib/config-schema";
import { secretMatches } from "@/lib/http/shared-secret";
import { importConfigured } from "@/tests/unit/configured-import";

const SECRET = "cron-secret-for-tests-0123456789";
let operation: typeof import("@/lib/http/operation").operation;

beforeAll(async () => {
  ({ operation } = await importConfigured(
    { PREFLIGHT_CRON_SECRET: SECRET, CLOUDFLARE_API_TOKEN: "" },
    () => import("@/lib/http/operation"),
  ));
});

const handler = () =>
  operation(async ({ identity }) => ({ ok: true, person: identity?.id ?? null }), { role: "planner", cron: true, upstream: [] });
const call = (headers: Record<string, string>) =>
  handler()(new Request("http://127.0.0.1/api/snapshots/refresh", { method: "POST", headers }));

describe("the cron caller", () => {
  it("is accepted with the secret, as no person", async () => {
    const response = await call({ "x-preflight-cron": SECRET });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, person: null });
  });

  it("is refused with a wrong secret, and the answer does not echo it", async () => {
    const response = await call({ "x-preflight-cron": `${SECRET.slice(0, -1)}x` });
    expect(response.status).toBe(401);
    expect(await response.text()).not.toContain(SECRET.slice(0, 12));
  });

  it("is never accepted without a configured secret", () => {
    expect(secretMatches(SECRET, undefined)).toBe(false);
    expect(secretMatches("", "")).toBe(false);
  });
});

describe("the snapshot settings", () => {
  it("keep the cron secret among the secrets to scrub", () => {
    expect(parseConfig({ PREFLIGHT_CRON_SECRET: SECRET }).secrets).toContain(SECRET);
  });
  it("refuse a timer without the secret it calls with, naming the variable", () => {
    expect(() => parseConfig({ SNAPSHOT_REFRESH_MINUTES: "10" })).toThrow(/PREFLIGHT_CRON_SECRET/);
    expect(parseConfig({ SNAPSHOT_REFRESH_MINUTES: "10", PREFLIGHT_CRON_SECRET: SECRET }).snapshots.refreshMinutes).toBe(10);
  });
  it("refuse a short secret", () => expect(() => parseConfig({ PREFLIGHT_CRON_SECRET: "short" })).toThrow(/PREFLIGHT_CRON_SECRET/));
});
