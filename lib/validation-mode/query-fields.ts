// Which fields each query selects. errors.mdx: an `unknown field` fails the whole query (HTTP 400), and so does
// one field too many (`number of fields can't be more than…`). So a query selects only fields the zone's
// `settings` name in `availableFields` (nested ones as paths, `avg_sampleInterval`: settings.mdx), or, when the
// settings do not name them, the fields Preflight has always read; and never more than `maxNumberOfFields`.
import { ConflictError } from "@/lib/errors/conflict-error";
import {
  EVENTS_DATASET,
  GROUPS_DATASET,
  type DatasetLimits,
  type DatasetName,
  type ZoneDatasetLimits,
} from "@/lib/validation-mode/dataset-limits";

/** The join needs these on every raw row: without one of them there is no comparison. */
export const REQUIRED_EVENT_FIELDS = ["rayName", "datetime", "source", "action", "ruleId"] as const;
/** Shown per request (drill-down, top lists, CSV); left out last-first when the limit is short. */
export const OPTIONAL_EVENT_FIELDS = ["clientRequestHTTPHost", "clientRequestPath", "clientIP", "clientCountryName", "userAgent"] as const;
export type OptionalEventField = (typeof OPTIONAL_EVENT_FIELDS)[number];
/** Hourly counts plan the slices; the hour's average interval is the sampling figure of its rows. */
export const REQUIRED_GROUP_FIELDS = ["count", "dimensions_datetimeHour"] as const;
export const OPTIONAL_GROUP_FIELDS = ["avg_sampleInterval"] as const;

export interface OmittedField {
  dataset: DatasetName | (string & {});
  field: string;
  reason: string;
}

export interface QueryFields {
  events: string[];
  groups: string[];
  /** Optional fields a query leaves out, each with why; empty when every field is sent. */
  omitted: OmittedField[];
}

/** The required fields (a ConflictError when one cannot be sent) and the optional ones that fit, for any dataset. */
export function chooseFields(
  dataset: string,
  required: readonly string[],
  optional: readonly string[],
  limits: DatasetLimits,
  need = "the comparison",
) {
  const available = limits.availableFields ? new Set(limits.availableFields) : undefined;
  const missing = required.filter((field) => available && !available.has(field));
  if (missing.length > 0) {
    throw new ConflictError(
      `The zone's settings do not list ${missing.join(", ")} among the availableFields of ${dataset}: ` +
        `${need} needs them, and a query naming a field the dataset lacks fails as a whole`,
      "dataset_fields_unavailable",
      { dataset, fields: missing },
    );
  }
  if (required.length > limits.maxNumberOfFields) {
    throw new ConflictError(
      `The zone's settings allow ${limits.maxNumberOfFields} fields per ${dataset} query (maxNumberOfFields); ` +
        `${need} needs ${required.length} (${required.join(", ")})`,
      "dataset_fields_unavailable",
      { dataset, maxNumberOfFields: limits.maxNumberOfFields },
    );
  }
  const fields = [...required];
  const omitted: OmittedField[] = [];
  for (const field of optional) {
    if (available && !available.has(field)) omitted.push({ dataset, field, reason: "not among the zone's availableFields" });
    else if (fields.length >= limits.maxNumberOfFields)
      omitted.push({ dataset, field, reason: `maxNumberOfFields is ${limits.maxNumberOfFields}` });
    else fields.push(field);
  }
  return { fields, omitted };
}

/** The fields of both queries for a zone's settings; a ConflictError when a field the join needs cannot be sent. */
export function queryFields(limits: ZoneDatasetLimits): QueryFields {
  const events = chooseFields(EVENTS_DATASET, REQUIRED_EVENT_FIELDS, OPTIONAL_EVENT_FIELDS, limits.events);
  const groups = chooseFields(GROUPS_DATASET, REQUIRED_GROUP_FIELDS, OPTIONAL_GROUP_FIELDS, limits.groups);
  return { events: events.fields, groups: groups.fields, omitted: [...events.omitted, ...groups.omitted] };
}

/** A selection set from field paths: `avg_sampleInterval` becomes `avg { sampleInterval }`. */
export function selectionOf(paths: readonly string[]): string {
  const nested = new Map<string, string[]>();
  const order: string[] = [];
  for (const path of paths) {
    const cut = path.indexOf("_");
    const head = cut < 0 ? path : path.slice(0, cut);
    if (!order.includes(head)) order.push(head);
    if (cut >= 0) nested.set(head, [...(nested.get(head) ?? []), path.slice(cut + 1)]);
  }
  return order.map((head) => (nested.has(head) ? `${head} { ${selectionOf(nested.get(head)!)} }` : head)).join(" ");
}
