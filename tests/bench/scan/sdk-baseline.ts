// Today's script, as users write it: the official `cloudflare` SDK in a plain sequential loop, one call at
// a time. It makes the same calls as Preflight's scan, page for page (the benchmark checks this against the
// sandbox's call log): a migration script (zones, then per zone status, check, overrides, packages,
// proposed config, core rule set groups and their disabled rules) and a certificate script (zones again,
// then per zone packs, custom certificates, custom hostnames, Total TLS and CAA records).
// Pages are requested up to `total_pages`, as Preflight does; the SDK's `for await` would add one empty
// page per list, which would make the baseline slower than it needs to be.
import Cloudflare from "cloudflare";
import { V4PagePaginationArray } from "cloudflare/pagination";

interface PageLike<T> {
  result: T[];
  /** The SDK types only page and per_page; the platform also sends total_pages. */
  result_info: object;
}

type Row = Record<string, unknown>;

/** Every item of a v4 list, one page after another, stopping where Preflight stops. */
async function allPages<T>(fetchPage: (page: number) => PromiseLike<PageLike<T>>): Promise<T[]> {
  const first = await fetchPage(1);
  const items = [...first.result];
  if (first.result.length === 0) return items;
  const totalPages = (first.result_info as { total_pages?: number }).total_pages ?? Infinity;
  for (let page = 2; page <= totalPages; page++) {
    const next = await fetchPage(page);
    if (next.result.length === 0) break;
    items.push(...next.result);
  }
  return items;
}

async function listZones(cf: Cloudflare) {
  const zones = await allPages((page) => cf.zones.list({ page, per_page: 50, order: "name", direction: "asc" }));
  return zones.map((z) => ({ id: z.id, plan: (z.plan as { legacy_id?: string; name?: string } | undefined)?.legacy_id ?? "" }));
}

async function migrationScript(cf: Cloudflare): Promise<number> {
  const zones = await listZones(cf);
  const get = <T>(path: string, query: Record<string, unknown> = {}) => cf.get<{ result: T }>(path, { query }).then((r) => r.result);
  for (const zone of zones) {
    const base = `/zones/${zone.id}`;
    const status = await get<{ old_waf_status?: string; new_waf_status?: string; migration_state?: string }>(`${base}/waf_migration/status`);
    const oldOn = status.old_waf_status === "enabled";
    const newOn = status.new_waf_status === "enabled";
    const migrated = !oldOn && (newOn || ["completed", "finished", "migrated"].includes(status.migration_state ?? ""));
    if (migrated) continue;
    if (!(oldOn && newOn)) await get(`${base}/waf_migration/check`, { phase_two: 1 });
    // The previous version's API answers 410 Gone where it is retired: the script carries on with what answers.
    let refused = false;
    const previous = async <T>(call: () => Promise<T>): Promise<T | undefined> => call().catch((error: unknown) => {
      if (error instanceof Cloudflare.APIError && (error.status === 410 || error.status === 404)) return void (refused = true);
      throw error;
    });
    await previous(() => allPages((page) => cf.getAPIList<Row>(`${base}/firewall/waf/overrides`, V4PagePaginationArray<Row>, { query: { page, per_page: 100 } }) as unknown as PromiseLike<PageLike<Row>>));
    const packages = (await previous(() => allPages((page) => cf.firewall.waf.packages.list({ zone_id: zone.id, page, per_page: 100 })))) ?? [];
    await get(`${base}/waf_migration/config`, { phase_two: 1 });
    const owasp = packages.find((p) => (p as { detection_mode?: string }).detection_mode === "anomaly") as { id: string } | undefined;
    const groups = owasp ? ((await previous(() => allPages((page) => cf.firewall.waf.packages.groups.list(owasp.id, { zone_id: zone.id, page, per_page: 100 })))) ?? []) : [];
    for (const group of groups.filter((g) => (g.modified_rules_count ?? 0) > 0)) {
      await previous(() =>
        allPages((page) => cf.firewall.waf.packages.rules.list(owasp!.id, { zone_id: zone.id, group_id: group.id, mode: "DIS", page, per_page: 100 })),
      );
    }
    // As Preflight: where the previous API refused, the managed entry point says whether the new rules are deployed (404: none).
    if (refused) await cf.rulesets.phases.get("http_request_firewall_managed", { zone_id: zone.id }).catch((error: unknown) => {
      if (!(error instanceof Cloudflare.APIError && error.status === 404)) throw error;
    });
  }
  return zones.length;
}

async function certificateScript(cf: Cloudflare): Promise<number> {
  const zones = await listZones(cf);
  for (const zone of zones) {
    const packs = await allPages((page) => cf.ssl.certificatePacks.list({ zone_id: zone.id, status: "all", page, per_page: 50 }));
    const customPack = packs.some((p) => ["sni_custom", "legacy_custom", "keyless"].includes(String((p as { type?: string }).type)));
    if (zone.plan === "business" || zone.plan === "enterprise" || customPack) {
      await allPages((page) => cf.customCertificates.list({ zone_id: zone.id, page, per_page: 50 }));
    }
    await allPages((page) => cf.customHostnames.list({ zone_id: zone.id, page, per_page: 50 }));
    await cf.acm.totalTLS.get({ zone_id: zone.id });
    await allPages((page) => cf.dns.records.list({ zone_id: zone.id, type: "CAA", page, per_page: 100 }));
  }
  return zones.length;
}

/** Both scripts, one after the other; returns the wall time in ms. */
export async function sdkBaselineScan(apiBaseUrl: string, apiToken: string): Promise<number> {
  const cf = new Cloudflare({ apiToken, baseURL: apiBaseUrl });
  const started = performance.now();
  await migrationScript(cf);
  await certificateScript(cf);
  return performance.now() - started;
}
