// The httpRequestsAdaptiveGroups resolver: filter the sandbox's sampled traffic (http-traffic.ts), group it by
// the dimensions the query selects, and answer each group as the docs show (confidence-intervals.mdx): `count`
// is the estimate (rows × their interval), `avg.sampleInterval` the scaling, and `confidence(level)` the
// interval around it with the rows behind it as `sampleSize`.
import { GraphQLError, type FieldNode, type GraphQLResolveInfo } from "graphql";
import { trafficCells, type TrafficCell } from "./http-traffic";

type Filter = Record<string, string | string[] | null | undefined>;
const DIMENSIONS = ["clientRequestHTTPHost", "userAgent", "userAgentOS", "requestSource", "datetimeHour", "date"] as const;
type Dimension = (typeof DIMENSIONS)[number];

/** The fields the settings list for the dataset (settings.mdx: nested ones as paths). */
export const HTTP_GROUP_FIELDS = [
  "count",
  "avg_sampleInterval",
  "confidence_count_estimate",
  "confidence_count_lower",
  "confidence_count_upper",
  "confidence_count_sampleSize",
  ...DIMENSIONS.map((d) => `dimensions_${d}`),
];

function selected(info: GraphQLResolveInfo, name: string): string[] {
  const node = info.fieldNodes[0]?.selectionSet?.selections.find((s): s is FieldNode => s.kind === "Field" && s.name.value === name);
  return node?.selectionSet?.selections.flatMap((s) => (s.kind === "Field" ? [s.name.value] : [])) ?? [];
}

function values(filter: Filter, field: string): string[] | undefined {
  const one = filter[field];
  const many = filter[`${field}_in`];
  if (Array.isArray(many)) return many;
  return typeof one === "string" ? [one] : undefined;
}

/** The z of a two-sided interval at `level` (Abramowitz and Stegun 26.2.23, error under 4.5e-4). */
export function zOf(level: number): number {
  const p = (1 - level) / 2;
  const t = Math.sqrt(-2 * Math.log(p));
  return t - (2.515517 + 0.802853 * t + 0.010328 * t * t) / (1 + 1.432788 * t + 0.189269 * t * t + 0.001308 * t ** 3);
}

/** A cell's value of each dimension; an hour's texts are worked out once per hour, not once per cell of it. */
function dimensionReader(): (cell: TrafficCell, d: Dimension) => string {
  const hours = new Map<number, { datetimeHour: string; date: string }>();
  return (cell, d) => {
    if (d === "datetimeHour" || d === "date") {
      let texts = hours.get(cell.hourMs);
      if (!texts) {
        const iso = new Date(cell.hourMs).toISOString();
        texts = { datetimeHour: iso.replace(/\.000Z$/, "Z"), date: iso.slice(0, 10) };
        hours.set(cell.hourMs, texts);
      }
      return texts[d];
    }
    if (d === "clientRequestHTTPHost") return cell.host;
    return cell[d];
  };
}

type Group = ReturnType<typeof groupCells>[number];
const HOUR_MS = 3_600_000;
/** Answers already grouped, by everything they depend on (traffic is a pure function of zone, host and hour). */
const answered = new Map<string, Group[]>();
const ANSWERS_KEPT = 256;

export function httpRequestGroups(
  zone: { tag: string; name: string },
  args: { filter: Filter; limit: number; orderBy?: string[] },
  info: GraphQLResolveInfo,
  range: { fromMs: number; toMs: number },
  nowMs: number,
) {
  const hosts = values(args.filter, "clientRequestHTTPHost") ?? [zone.name, `www.${zone.name}`];
  const sources = values(args.filter, "requestSource");
  const systems = values(args.filter, "userAgentOS");
  const inclusiveEnd = typeof args.filter.datetime_leq === "string" ? 1 : 0;
  const dims = DIMENSIONS.filter((d) => selected(info, "dimensions").includes(d));
  // The hours a window covers: those from its start (rounded up) to before its end or now. Windows end at the
  // second they are asked, so the same question asked again within the hour has the same hours: it is answered
  // from here instead of drawing and grouping the cells again (an account's impact groups tens of thousands).
  const endMs = Math.min(range.toMs + inclusiveEnd, nowMs);
  const hours = [Math.ceil(range.fromMs / HOUR_MS), Math.ceil(endMs / HOUR_MS)];
  const key = JSON.stringify([zone.tag, hosts, sources, systems, dims, args.orderBy ?? null, args.limit, hours]);
  let groups = answered.get(key);
  if (!groups) {
    const cells = trafficCells(zone.tag, hosts, range.fromMs, range.toMs + inclusiveEnd, nowMs).filter(
      (c) => c.hourMs >= range.fromMs && (!sources || sources.includes(c.requestSource)) && (!systems || systems.includes(c.userAgentOS)),
    );
    groups = groupCells(cells, dims, args);
    if (answered.size >= ANSWERS_KEPT) answered.delete(answered.keys().next().value!);
    answered.set(key, groups);
  }
  return groups;
}

/** The cells grouped by the dimensions asked, sorted and cut as the query says. */
function groupCells(cells: TrafficCell[], dims: Dimension[], args: { limit: number; orderBy?: string[] }) {
  const dimensionOf = dimensionReader();
  const numbers = new Map<string, number>();
  const numberOf = (value: string) => {
    let n = numbers.get(value);
    if (n === undefined) numbers.set(value, (n = numbers.size));
    return n;
  };
  const byKey = new Map<string, { count: number; rows: number; variance: number; dimensions: Record<string, string> }>();
  for (const cell of cells) {
    // The group's key: the numbers of its dimensions' values, and its dimensions object built once per group (an
    // account's impact groups tens of thousands of cells; a JSON key per cell was most of the sandbox's time).
    let key = "";
    for (const d of dims) key += `${numberOf(dimensionOf(cell, d))},`;
    let group = byKey.get(key);
    if (!group) {
      group = { count: 0, rows: 0, variance: 0, dimensions: Object.fromEntries(dims.map((d) => [d, dimensionOf(cell, d)])) };
      byKey.set(key, group);
    }
    group.count += cell.rows * cell.sampleInterval;
    group.rows += cell.rows;
    // Each kept row stands for `s` requests, kept with probability 1/s: the estimate's variance is rows·s·(s−1).
    group.variance += cell.rows * cell.sampleInterval * (cell.sampleInterval - 1);
  }
  const groups = [...byKey.values()].map((g) => ({
    count: g.count,
    avg: { sampleInterval: g.count / g.rows },
    dimensions: g.dimensions,
    confidence: ({ level }: { level: number }) => {
      if (!(level > 0 && level < 1))
        throw new GraphQLError("confidence level must be between 0 and 1", { extensions: { code: "bad_input" } });
      const half = zOf(level) * Math.sqrt(g.variance);
      return { count: { estimate: g.count, lower: Math.max(0, g.count - half), upper: g.count + half, sampleSize: g.rows } };
    },
  }));
  const order = args.orderBy?.[0] ?? "";
  const sign = order.endsWith("DESC") ? -1 : 1;
  if (order.startsWith("count")) groups.sort((a, b) => sign * (a.count - b.count));
  else if (order) {
    const field = order.replace(/_(ASC|DESC)$/, "");
    groups.sort((a, b) => sign * String(a.dimensions[field] ?? "").localeCompare(String(b.dimensions[field] ?? "")));
  }
  return groups.slice(0, args.limit);
}
