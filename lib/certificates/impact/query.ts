// The two queries of a host's impact over one time range (at most the dataset's `maxDuration`): the requests
// per host (the denominator) and the requests per host and user agent (the numerator, classified here: the
// dataset's `userAgentOS` has the OS family only, no version). Both keep to end users (`requestSource:
// "eyeball"`, logs/reference/clientrequestsource) and the hosts asked (`clientRequestHTTPHost_in`).
import { z } from "zod";
import { REQUESTS_DATASET } from "@/lib/certificates/impact/dataset";
import type { DatasetLimits } from "@/lib/validation-mode/dataset-limits";
import { chooseFields, selectionOf, type OmittedField } from "@/lib/validation-mode/query-fields";

/** The 95 % interval of each count and the rows behind it (confidence-intervals.mdx: estimate, lower, upper, sampleSize). */
const CONFIDENCE_FIELDS = ["confidence_count_estimate", "confidence_count_lower", "confidence_count_upper", "confidence_count_sampleSize"];
/** Without the confidence node the interval is worked out from the average sample interval instead. */
const ESTIMATE_FIELDS = ["avg_sampleInterval", ...CONFIDENCE_FIELDS];
export const REQUIRED_TOTAL_FIELDS = ["count", "dimensions_clientRequestHTTPHost"] as const;
export const REQUIRED_AGENT_FIELDS = ["count", "dimensions_clientRequestHTTPHost", "dimensions_userAgent"] as const;
/** The day of each count, for the chart of impacted requests over time. */
export const OPTIONAL_FIELDS = ["dimensions_date", ...ESTIMATE_FIELDS] as const;

export interface ImpactFields {
  totals: string[];
  agents: string[];
  omitted: OmittedField[];
}

/** The fields each query may send under the zone's settings; a ConflictError when a required one cannot be. */
export function impactFields(limits: DatasetLimits): ImpactFields {
  const need = "the impact of the chain change";
  const totals = chooseFields(REQUESTS_DATASET, REQUIRED_TOTAL_FIELDS, OPTIONAL_FIELDS, limits, need);
  const agents = chooseFields(REQUESTS_DATASET, REQUIRED_AGENT_FIELDS, OPTIONAL_FIELDS, limits, need);
  const omitted = [...totals.omitted, ...agents.omitted.filter((o) => !totals.omitted.some((t) => t.field === o.field))];
  return { totals: totals.fields, agents: agents.fields, omitted };
}

/** One dataset node; `confidence` takes its level as an argument, which a field path cannot say. */
function node(alias: string, fields: readonly string[]): string {
  const selection = selectionOf(fields).replace(/\bconfidence \{/, "confidence(level: 0.95) {");
  return `${alias}: ${REQUESTS_DATASET}(
        filter: { datetime_geq: $from, datetime_lt: $to, requestSource: "eyeball", clientRequestHTTPHost_in: $hosts }
        limit: $limit
        orderBy: [count_DESC]
      ) {
        ${selection}
      }`;
}

/** Both queries of a range in one request (aliases `totals` and `agents`): one call of the GraphQL budget, not two. */
export function impactQuery(fields: Pick<ImpactFields, "totals" | "agents">): string {
  return `query HostImpact($zoneTag: String!, $from: Time!, $to: Time!, $hosts: [String!], $limit: Int!) {
  viewer {
    zones(filter: { zoneTag: $zoneTag }) {
      ${node("totals", fields.totals)}
      ${node("agents", fields.agents)}
    }
  }
}`;
}

const intervalSchema = z.object({ estimate: z.number(), lower: z.number(), upper: z.number(), sampleSize: z.number() }).partial();

export const requestGroupSchema = z.object({
  count: z.number(),
  avg: z.object({ sampleInterval: z.number().nullish() }).nullish(),
  confidence: z.object({ count: intervalSchema.nullish() }).nullish(),
  dimensions: z.object({ clientRequestHTTPHost: z.string(), userAgent: z.string().nullish(), date: z.string().nullish() }),
});
export type RequestGroup = z.infer<typeof requestGroupSchema>;

export const impactAnswerSchema = z.object({
  viewer: z.object({ zones: z.array(z.object({ totals: z.array(requestGroupSchema), agents: z.array(requestGroupSchema) })) }),
});

export function groupsOf(data: z.infer<typeof impactAnswerSchema>): { totals: RequestGroup[]; agents: RequestGroup[] } {
  const zone = data.viewer.zones[0];
  return { totals: zone?.totals ?? [], agents: zone?.agents ?? [] };
}
