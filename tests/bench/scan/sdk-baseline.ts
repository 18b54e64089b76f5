// Today's script, as users write it: the official `cloudflare` SDK in a plain sequential loop, one call at
// a time. It makes the same calls as Preflight's scan, page for page (the benchmark checks this against the
// sandbox's call log), skipping what Preflight skips (the rule in tests/bench/lib/necessary-calls.ts): a
// migration script (zones, then per zone status, overrides, packages, proposed config unless in validation
// mode, the check unless an override hides it, core rule set groups and their disabled rules) and a
// certificate script (the same zones, then per zone packs, custom certificates, custom hostnames, Total TLS
// unless its packs settle it, and CAA records).
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

/** Every item of a v4 list, one page after another, stopping where Preflight stops (total_pages, or total_count read). */
async function allPages<T>(fetchPage: (page: number) => PromiseLike<PageLike<T>>): Promise<T[]> {
  const first = await fetchPage(1);
  const items = [...first.result];
  if (first.result.length === 0) return items;
  const info = first.result_info as { total_pages?: number; total_count?: number };
  const totalPages = info.total_pages ?? Infinity;
  for (let page = 2; page <= totalPages && items.length < (info.total_count ?? Infinity); page++) {
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

type Zone = Awaited<ReturnType<typeof listZones>>[number];

async function migrationScript(cf: Cloudflare, zones: Zone[]): Promise<number> {
  const get = <T>(path: string, query: Record<string, unknown> = {}) => cf.get<{ result: T }>(path, { query }).then((r) => r.result);
  for (const zone of zones) {
    const base = `/zones/${zone.id}`;
    // Retired with the previous version on some zones (404, 410 or 403): the phase is unknown, the rest is still read.
    type Status = { old_waf_status?: string; new_waf_status?: string; migration_state?: string };
    const status = await get<Status>(`${base}/waf_migration/status`).catch((error: unknown): Status => {
      if (error instanceof Cloudflare.APIError && [403, 404, 410].includes(error.status ?? 0)) return {};
      throw error;
    });
    const switches = ["enabled", "disabled"];
    const known = switches.includes(status.old_waf_status ?? "") && switches.includes(status.new_waf_status ?? "");
    const done = ["completed", "finished", "migrated"].includes(status.migration_state ?? "");
    const validation = known && status.old_waf_status === "enabled" && status.new_waf_status === "enabled";
    if (known ? !validation && (status.new_waf_status === "enabled" || done) : done) continue;
    // The previous version's API answers 410 Gone where it is retired: the script carries on with what answers.
    let refused = false;
    const previous = async <T>(call: () => Promise<T>): Promise<T | undefined> =>
      call().catch((error: unknown) => {
        if (error instanceof Cloudflare.APIError && (error.status === 410 || error.status === 404)) return void (refused = true);
        throw error;
      });
    const overrides = await previous(() =>
      allPages(
        (page) =>
          cf.getAPIList<Row>(`${base}/firewall/waf/overrides`, V4PagePaginationArray<Row>, {
            query: { page, per_page: 100 },
          }) as unknown as PromiseLike<PageLike<Row>>,
      ),
    );
    const packages =
      (await previous(() => allPages((page) => cf.firewall.waf.packages.list({ zone_id: zone.id, page, per_page: 100 })))) ?? [];
    // A zone in validation mode runs its configuration already; an override listed blocks before the check would.
    if (!validation) await get(`${base}/waf_migration/config`, { phase_two: 1 });
    const checkNow = !validation && (overrides === undefined || overrides.length === 0);
    if (checkNow) await get(`${base}/waf_migration/check`, { phase_two: 1 });
    const owasp = packages.find((p) => (p as { detection_mode?: string }).detection_mode === "anomaly") as { id: string } | undefined;
    const groups = owasp
      ? ((await previous(() =>
          allPages((page) => cf.firewall.waf.packages.groups.list(owasp.id, { zone_id: zone.id, page, per_page: 100 })),
        )) ?? [])
      : [];
    for (const group of groups.filter((g) => (g.modified_rules_count ?? 0) > 0)) {
      await previous(() =>
        allPages((page) =>
          cf.firewall.waf.packages.rules.list(owasp!.id, { zone_id: zone.id, group_id: group.id, mode: "DIS", page, per_page: 100 }),
        ),
      );
    }
    // As Preflight: where the previous API refused, the managed entry point says whether the new rules are deployed (404: none),
    // and the check speaks for a zone still on the previous version even behind an override.
    if (refused)
      await cf.rulesets.phases.get("http_request_firewall_managed", { zone_id: zone.id }).catch((error: unknown) => {
        if (!(error instanceof Cloudflare.APIError && error.status === 404)) throw error;
      });
    if (refused && !checkNow && known && !validation) await get(`${base}/waf_migration/check`, { phase_two: 1 });
  }
  return zones.length;
}

async function certificateScript(cf: Cloudflare, zones: Zone[]): Promise<number> {
  for (const zone of zones) {
    const packs = await allPages((page) => cf.ssl.certificatePacks.list({ zone_id: zone.id, status: "all", page, per_page: 50 }));
    const customPack = packs.some((p) => ["sni_custom", "legacy_custom", "keyless"].includes(String((p as { type?: string }).type)));
    if (zone.plan === "business" || zone.plan === "enterprise" || customPack) {
      await allPages((page) => cf.customCertificates.list({ zone_id: zone.id, page, per_page: 50 }));
    }
    await allPages((page) => cf.customHostnames.list({ zone_id: zone.id, order: "ssl", direction: "asc", page, per_page: 50 }));
    const totalTls = packs.filter((p) => (p as { type?: string }).type === "total_tls") as Array<{ certificate_authority?: string | null }>;
    if (!(totalTls.length > 0 && totalTls.every((p) => p.certificate_authority))) await cf.acm.totalTLS.get({ zone_id: zone.id });
    await allPages((page) => cf.dns.records.list({ zone_id: zone.id, type: "CAA", page, per_page: 100 }));
  }
  return zones.length;
}

/** Both scripts, one after the other; returns the wall time in ms. */
export async function sdkBaselineScan(apiBaseUrl: string, apiToken: string): Promise<number> {
  const cf = new Cloudflare({ apiToken, baseURL: apiBaseUrl });
  const started = performance.now();
  // One zone list for both scripts, as Preflight shares one between its pages.
  const zones = await listZones(cf);
  await migrationScript(cf, zones);
  await certificateScript(cf, zones);
  return performance.now() - started;
}
