// The calls a full scan (Zones, then Certificates) cannot do without, worked out from the API's own answers by a
// reader of its own: plain fetch, nothing of Preflight's scanner, so the benchmark can tell its skips are right.
//
// THE RULE. A call is necessary when its answer can change what the Zones or Certificates page shows (their
// rows, JSON operations and CSV exports), given the answers before it; a list costs the fewest pages the API
// can serve it in (the largest `per_page` the schema allows). The zone detail and reviews read what only they
// show when they are opened: that is not the scan's. For an account:
//   1. The zone list, once for both pages: ceil(zones / 50).
//   2. Per zone, the migration status. Migrated (the new version on, the previous off, or a finished state):
//      nothing else. Otherwise:
//      - the URI-based overrides and the packages (WAF lists, 100 a page): the row's blockers, mapping and
//        unknowns; a refusal (410/404) is an answer too;
//      - the proposed configuration, except in validation mode (both versions on): the row reads it only for
//        the blockers of a zone not yet in validation;
//      - the compatibility check, except in validation mode, and except where an override was listed: a listed
//        override is the blocker and hides the check, unless a previous-version call was refused on a zone
//        still on the previous version (the row then says "compatible" from the check);
//      - with an anomaly-detection (OWASP) package: its groups, and for each group with modified rules its
//        rules turned off (mode DIS): the overrides the update leaves behind;
//      - when any previous-version call was refused: the managed entry point (whether new rules are deployed).
//   3. Per zone, certificates: the certificate packs (50 a page); custom certificates on Business and
//      Enterprise or where a custom pack shows one (50 a page); custom hostnames (50 a page); the Total TLS
//      setting, unless the zone has Total TLS packs and each names its CA (the setting then adds no row and
//      lends no CA); the CAA records (one page: dns_records serves up to 5,000,000). Other zones' custom
//      hostnames reuse these CAA records: read once per zone.
import type { CallRecord } from "@/lib/dev/sandbox/calls";

type Call = Pick<CallRecord, "method" | "path" | "query">;
type Answer = { status: number; result: unknown; totalCount?: number };
type Row = Record<string, unknown>;

/** The largest page each list serves (the schema's `per_page` maximum). */
const PER_PAGE = { zones: 50, waf: 100, certificates: 50 } as const;
const DONE = ["completed", "finished", "migrated"];
const CUSTOM_PACKS = ["sni_custom", "legacy_custom", "keyless"];
const AT_ONCE = 16;

export async function necessaryCalls(apiBaseUrl: string, token: string): Promise<Call[]> {
  const calls: Call[] = [];
  const need = (path: string, query: Record<string, string> = {}, times = 1) => {
    for (let i = 0; i < times; i++) calls.push({ method: "GET", path: `/client/v4${path}`, query });
  };
  const get = async (path: string, query: Record<string, string | number> = {}): Promise<Answer> => {
    const url = new URL(`${apiBaseUrl}${path}`);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
    const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
    const body = (await response.json()) as { result: unknown; result_info?: { total_count?: number } };
    return { status: response.status, result: body.result, totalCount: body.result_info?.total_count };
  };
  /** Every item of a list, and the pages it needs at `perPage`; a refusal is one necessary call with no items. */
  const list = async (path: string, query: Record<string, string>, perPage: number) => {
    const items: Row[] = [];
    for (let page = 1; ; page++) {
      const answer = await get(path, { ...query, page, per_page: perPage });
      if (answer.status !== 200) {
        need(path, query);
        return { items, refused: answer.status === 410 || answer.status === 404 };
      }
      items.push(...(answer.result as Row[]));
      if ((answer.result as Row[]).length === 0 || items.length >= (answer.totalCount ?? Infinity)) break;
    }
    need(path, query, Math.max(1, Math.ceil(items.length / perPage)));
    return { items, refused: false };
  };

  const zones = (await list("/zones", { order: "name", direction: "asc" }, PER_PAGE.zones)).items;
  let next = 0;
  const worker = async () => {
    while (next < zones.length) {
      const zone = zones[next++]!;
      await migration(String(zone.id));
      await certificates(String(zone.id), String((zone.plan as Row | undefined)?.legacy_id ?? ""));
    }
  };

  async function migration(id: string) {
    const base = `/zones/${id}`;
    const status = ((await get(`${base}/waf_migration/status`)).result ?? {}) as Row;
    need(`${base}/waf_migration/status`);
    const switches = ["enabled", "disabled"];
    const known = switches.includes(String(status.old_waf_status)) && switches.includes(String(status.new_waf_status));
    const done = DONE.includes(String(status.migration_state));
    const validation = known && status.old_waf_status === "enabled" && status.new_waf_status === "enabled";
    const migrated = known ? !validation && (status.new_waf_status === "enabled" || done) : done;
    if (migrated) return;
    const onPrevious = known && !validation;
    const overrides = await list(`${base}/firewall/waf/overrides`, {}, PER_PAGE.waf);
    const packages = await list(`${base}/firewall/waf/packages`, {}, PER_PAGE.waf);
    const refusals = [overrides.refused, packages.refused];
    const owasp = packages.items.find((p) => p.detection_mode === "anomaly");
    if (owasp) {
      const groups = await list(`${base}/firewall/waf/packages/${String(owasp.id)}/groups`, {}, PER_PAGE.waf);
      refusals.push(groups.refused);
      for (const group of groups.items.filter((g) => Number(g.modified_rules_count ?? 0) > 0)) {
        refusals.push(
          (await list(`${base}/firewall/waf/packages/${String(owasp.id)}/rules`, { group_id: String(group.id), mode: "DIS" }, PER_PAGE.waf))
            .refused,
        );
      }
    }
    const refused = refusals.some(Boolean);
    if (!validation) need(`${base}/waf_migration/config`, { phase_two: "1" });
    if (!validation && (overrides.items.length === 0 || (refused && onPrevious))) need(`${base}/waf_migration/check`, { phase_two: "1" });
    if (refused) need(`${base}/rulesets/phases/http_request_firewall_managed/entrypoint`);
  }

  async function certificates(id: string, plan: string) {
    const base = `/zones/${id}`;
    const packs = (await list(`${base}/ssl/certificate_packs`, { status: "all" }, PER_PAGE.certificates)).items;
    if (plan === "business" || plan === "enterprise" || packs.some((p) => CUSTOM_PACKS.includes(String(p.type)))) {
      await list(`${base}/custom_certificates`, {}, PER_PAGE.certificates);
    }
    await list(`${base}/custom_hostnames`, {}, PER_PAGE.certificates);
    const totalTls = packs.filter((p) => p.type === "total_tls");
    if (!(totalTls.length > 0 && totalTls.every((p) => Boolean(p.certificate_authority)))) need(`${base}/acm/total_tls`);
    need(`${base}/dns_records`, { type: "CAA" });
  }

  await Promise.all(Array.from({ length: AT_ONCE }, worker));
  return calls;
}
