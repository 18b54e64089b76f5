// The screenshot run's direct line to the demo it started: the sandbox account and gateway (to find the zones
// worth showing and to make the changes a person would make in the dashboard), and Preflight's own operations
// as a planner and an approver would call them from a script.
import { readFileSync } from "node:fs";
import type { DecodeSeedSummary } from "@/lib/dev/gateway/decode-seed";

export interface DemoPorts {
  preflight: number;
  sandbox: number;
  anvil: number;
  gateway: number;
}

export interface Zone {
  id: string;
  name: string;
}

export function demoAccount(ports: DemoPorts, token: string) {
  const sandboxUrl = `http://127.0.0.1:${ports.sandbox}`;
  const preflightUrl = `http://127.0.0.1:${ports.preflight}`;

  async function call<T>(url: string, init: RequestInit = {}): Promise<T> {
    const response = await fetch(url, init);
    if (!response.ok) throw new Error(`${init.method ?? "GET"} ${new URL(url).pathname} answered ${response.status}`);
    return (await response.json()) as T;
  }
  const sandboxGet = async <T>(path: string) =>
    (await call<{ result: T }>(`${sandboxUrl}/client/v4${path}`, { headers: { Authorization: `Bearer ${token}` } })).result;
  const sandboxPost = (path: string, body: unknown) =>
    call<unknown>(`${sandboxUrl}${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const preflight = <T>(user: string, path: string, method = "GET", body?: unknown) =>
    call<T>(`${preflightUrl}${path}`, {
      method,
      headers: { "x-preflight-demo-user": user, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  /** The first zone (in the sandbox's order) that `accept` takes. */
  async function findZone(accept: (zone: Zone & { plan: string }) => Promise<boolean>): Promise<Zone> {
    for (let page = 1; ; page++) {
      const zones = await sandboxGet<Array<Zone & { plan: { legacy_id: string } }>>(`/zones?per_page=50&page=${page}`);
      if (zones.length === 0) throw new Error("the sandbox has no zone the screenshots need");
      for (const zone of zones) if (await accept({ id: zone.id, name: zone.name, plan: zone.plan.legacy_id })) return zone;
    }
  }
  const status = (id: string) => sandboxGet<{ old_waf_status: string; new_waf_status: string }>(`/zones/${id}/waf_migration/status`);

  return {
    preflight,
    /** An Enterprise zone in validation mode: both versions run. */
    validationZone: () =>
      findZone(async (z) => {
        if (z.plan !== "enterprise") return false;
        const s = await status(z.id);
        return s.old_waf_status === "enabled" && s.new_waf_status === "enabled";
      }),
    /** A zone below Enterprise whose upgrade the sandbox accepts: compatible, no overrides, within the limits. */
    upgradableZone: () =>
      findZone(async (z) => {
        if (z.plan === "enterprise") return false;
        if (!(await sandboxGet<{ compatible: boolean }>(`/zones/${z.id}/waf_migration/check?phase_two=1`)).compatible) return false;
        const config = await sandboxGet<{ rules: Array<{ expression: string }> }>(`/zones/${z.id}/waf_migration/config?phase_two=1`);
        return config.rules.length < 50 && config.rules.every((r) => r.expression.length < 1000);
      }),
    /** Someone edits the zone's entry point in the dashboard (the sandbox's control for it). */
    editEntrypoint: (zoneId: string, edit: Record<string, unknown>) => sandboxPost("/__sandbox/entrypoint-edits", { zoneId, ...edit }),
    /** A certificate change between two snapshots, as real accounts go through one. */
    changeCertificate: (change: string) => sandboxPost("/__sandbox/certificates", { change }),
    gatewaySeed: () =>
      call<{ nestedTransaction: { hash: string }; decoding: DecodeSeedSummary }>(`http://127.0.0.1:${ports.gateway}/__gateway/seed`),
    /** The demo chain's Splitter ABI, as its compiler wrote it (what a person pastes into the upload form). */
    splitterAbi: () =>
      (JSON.parse(readFileSync("lib/dev/gateway/solidity/artifacts.json", "utf8")) as { contracts: { Splitter: { abi: unknown[] } } })
        .contracts.Splitter.abi,
    /** A whole snapshot refresh, in budget-sized steps as the cron or Update snapshot runs it. */
    async refreshSnapshot(): Promise<void> {
      for (let step = 0; step < 500; step++) {
        const answer = await preflight<{ result: string }>("planner", "/api/snapshots/refresh", "POST", { restart: step === 0 });
        if (answer.result === "published") return;
      }
      throw new Error("the snapshot refresh did not publish within 500 steps");
    },
    /** A review through four eyes up to approval: created and submitted by the planner, approved by approver-1. */
    async approvedReview(body: Record<string, unknown>): Promise<string> {
      const { id } = await preflight<{ id: string }>("planner", "/api/reviews", "POST", body);
      await preflight("planner", `/api/reviews/${id}/submit`, "POST", {});
      await preflight("approver-1", `/api/reviews/${id}/approve`, "POST", { comment: "Checked the diff against the change ticket." });
      return id;
    },
  };
}

export type DemoAccount = ReturnType<typeof demoAccount>;
