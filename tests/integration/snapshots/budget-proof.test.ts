// The budget proof, through the named operations as the browser and the cron drive them: a whole scan of
// the sandbox account (Zones and Certificates, following their cursors) and a snapshot refresh of a large
// profile (POST /api/snapshots/refresh with the cron header until it publishes), all on the free plan's 50.
// From the sandbox's call log, grouped by the request id Preflight sends: no server request made more than
// 50 upstream calls nor had more than 6 in flight; the operations' own headers (bucket calls included) agree.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type RunningSandbox } from "@/lib/dev/sandbox/server";
import { closeLocalBucket } from "@/lib/storage/local-bucket";
import { getBucket } from "@/lib/storage/bucket-provider";
import { listChanges } from "@/lib/changes/store";
import { writeBaseline } from "@/lib/drift/baseline";

const TOKEN = "budget-proof-token-0123456789";
const CRON = "budget-proof-cron-secret-0123";
let sandbox: RunningSandbox;
let dataDir: string;
let routes: {
  zones: typeof import("@/app/api/zones/route");
  certificates: typeof import("@/app/api/certificates/route");
  refresh: typeof import("@/app/api/snapshots/refresh/route");
};

beforeAll(async () => {
  sandbox = await startSandbox({ apiToken: TOKEN, rateLimit: null, zoneCount: 400, customHostnames: 8_000, faults: { latencyMs: 2 } });
  dataDir = mkdtempSync(join(tmpdir(), "preflight-budget-proof-"));
  Object.assign(process.env, {
    CLOUDFLARE_API_TOKEN: "",
    SANDBOX_PORT: String(sandbox.port),
    SANDBOX_API_TOKEN: TOKEN,
    EDGE_PLAN: "free",
    ACCOUNT_RATE_LIMIT: "1000000",
    PREFLIGHT_DATA_DIR: dataDir,
    PREFLIGHT_CRON_SECRET: CRON,
  });
  routes = {
    zones: await import("@/app/api/zones/route"),
    certificates: await import("@/app/api/certificates/route"),
    refresh: await import("@/app/api/snapshots/refresh/route"),
  };
});
afterAll(async () => {
  await closeLocalBucket();
  await sandbox.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const usedHeader = (response: Response) => {
  const [used, budget] = (response.headers.get("x-preflight-subrequests") ?? "").split("/").map(Number);
  return { used: used!, budget: budget!, peak: Number(response.headers.get("x-preflight-peak-connections")) };
};

async function follow(handler: (request: Request) => Promise<Response>, path: string) {
  const headers: Array<ReturnType<typeof usedHeader>> = [];
  let cursor: string | undefined;
  let items = 0;
  do {
    const url = `http://127.0.0.1/api/${path}?source=live${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
    const response = await handler(new Request(url));
    expect(response.status).toBe(200);
    headers.push(usedHeader(response));
    const body = (await response.json()) as { cursor?: string; zones: unknown[] };
    items += body.zones.length;
    cursor = body.cursor;
    expect(headers.length).toBeLessThan(1_000);
  } while (cursor);
  return { headers, items };
}

async function perRequest() {
  const { requests } = (await (await fetch(`${sandbox.url}/__sandbox/requests`)).json()) as {
    requests: Array<{ calls: number; peakInFlight: number }>;
  };
  return {
    count: requests.length,
    maxCalls: Math.max(...requests.map((r) => r.calls)),
    maxInFlight: Math.max(...requests.map((r) => r.peakInFlight)),
    calls: requests.reduce((s, r) => s + r.calls, 0),
  };
}

/** Baselines for `count` zones with an entry point (their live one: no drift), then `edited` of them changed in the dashboard. */
async function withBaselines(count: number, edited: number): Promise<string[]> {
  const zones = sandbox.state.zones.filter((z) => sandbox.state.waf[z.id]!.entrypoint).slice(0, count);
  expect(zones).toHaveLength(count);
  const bucket = await getBucket();
  for (const [i, zone] of zones.entries()) {
    const live = sandbox.state.waf[zone.id]!.entrypoint!;
    const rules = live.rules as unknown as Array<Record<string, unknown>>;
    const entrypoint = { id: live.id!, version: live.version!, lastUpdated: live.last_updated!, rules };
    await writeBaseline(bucket, {
      format: 1,
      zoneId: zone.id,
      zoneName: zone.name,
      reviewId: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      reviewKind: "start_validation",
      at: new Date().toISOString(),
      configuration: { rules },
      entrypoint,
    });
  }
  for (const zone of zones.slice(0, edited)) {
    const response = await fetch(`${sandbox.url}/__sandbox/entrypoint-edits`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ zoneId: zone.id, edit: "add_skip_rule", path: "/internal" }),
    });
    expect(response.status).toBe(200);
  }
  return zones.map((z) => z.id);
}

describe("every server request stays within the free plan's 50 subrequests and 6 connections", () => {
  it("scanning the whole account live through /api/zones and /api/certificates with their cursors", async () => {
    await fetch(`${sandbox.url}/__sandbox/calls`, { method: "DELETE" });
    const zones = await follow((r) => routes.zones.GET(r), "zones");
    const certificates = await follow((r) => routes.certificates.GET(r), "certificates");
    expect(zones.items).toBe(400);
    expect(certificates.items).toBe(400);
    for (const h of [...zones.headers, ...certificates.headers]) {
      expect(h.budget).toBe(50);
      expect(h.used).toBeLessThanOrEqual(50);
      expect(h.peak).toBeLessThanOrEqual(6);
    }
    const log = await perRequest();
    expect(log.count).toBe(zones.headers.length + certificates.headers.length);
    expect(log.maxCalls).toBeLessThanOrEqual(50);
    expect(log.maxInFlight).toBeLessThanOrEqual(6);
    expect(log.maxInFlight).toBeGreaterThan(1);
  }, 240_000);

  it("refreshing the large profile's snapshot step by step as the cron does", async () => {
    // Drift watch is part of the refresh: zones with a baseline (as a migration review leaves them), three edited since.
    const watched = await withBaselines(15, 3);
    await fetch(`${sandbox.url}/__sandbox/calls`, { method: "DELETE" });
    const steps: Array<ReturnType<typeof usedHeader>> = [];
    for (;;) {
      const response = await routes.refresh.POST(
        new Request("http://127.0.0.1/api/snapshots/refresh", { method: "POST", headers: { "x-preflight-cron": CRON } }),
      );
      expect(response.status).toBe(200);
      steps.push(usedHeader(response));
      const body = (await response.json()) as { result: string };
      if (body.result === "published") break;
      expect(body.result).toBe("worked");
      expect(steps.length).toBeLessThan(2_000);
    }
    for (const h of steps) {
      expect(h.used).toBeLessThanOrEqual(50);
      expect(h.peak).toBeLessThanOrEqual(6);
    }
    const log = await perRequest();
    expect(log.maxCalls).toBeLessThanOrEqual(50);
    expect(log.maxInFlight).toBeLessThanOrEqual(6);
    // Each watched zone's entry point was read, and the three edits recorded as drift.
    const { calls } = (await (await fetch(`${sandbox.url}/__sandbox/calls`)).json()) as { calls: Array<{ method: string; path: string }> };
    for (const zoneId of watched)
      expect(
        calls.some(
          (c) => c.method === "GET" && c.path.endsWith(`/zones/${zoneId}/rulesets/phases/http_request_firewall_managed/entrypoint`),
        ),
      ).toBe(true);
    const drift = await listChanges(await getBucket(), { kinds: ["drift"] });
    expect(new Set(drift.changes.map((c) => c.zoneId)).size).toBe(3);
    // The snapshot now answers the pages: the whole account, with its age.
    const answer = (await (await routes.zones.GET(new Request("http://127.0.0.1/api/zones"))).json()) as {
      zones: unknown[];
      snapshot: { ageSeconds: number } | null;
      complete: boolean;
    };
    expect(answer.snapshot?.ageSeconds).toBeGreaterThanOrEqual(0);
    console.log(
      `budget proof: refresh of 400 zones + ${8_000} hostnames took ${steps.length} requests, ${log.calls} upstream calls; ` +
        `max ${log.maxCalls} calls and ${log.maxInFlight} in flight per request`,
    );
  }, 600_000);
});
