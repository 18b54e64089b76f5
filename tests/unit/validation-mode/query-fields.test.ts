// The fields each comparison query selects: only what the zone's settings allow (availableFields), never more
// than maxNumberOfFields, no sampleInterval on raw rows (the docs give it on the groups only), and the optional
// fields left out with a reason; a field the join needs and cannot send refuses the comparison (409).
import { parse, visit } from "graphql";
import { describe, expect, it } from "vitest";
import { ConflictError } from "@/lib/errors/conflict-error";
import { DOCUMENTED_LIMITS, type ZoneDatasetLimits } from "@/lib/validation-mode/dataset-limits";
import { EVENTS_QUERY, eventsQuery, HOURLY_COUNTS_QUERY, hourlyCountsQuery } from "@/lib/validation-mode/queries";
import { queryFields, selectionOf } from "@/lib/validation-mode/query-fields";

const limits = (events: Partial<typeof DOCUMENTED_LIMITS> = {}, groups: Partial<typeof DOCUMENTED_LIMITS> = {}): ZoneDatasetLimits => ({
  events: { ...DOCUMENTED_LIMITS, ...events },
  groups: { ...DOCUMENTED_LIMITS, ...groups },
  assumed: [],
});

/** The leaf fields a query selects under its dataset, as paths (how settings name them). */
function leaves(query: string): string[] {
  const found: string[] = [];
  const stack: string[] = [];
  visit(parse(query), {
    Field: {
      enter(node) {
        if (stack.length >= 3 && !node.selectionSet) found.push([...stack.slice(3), node.name.value].join("_"));
        stack.push(node.name.value);
      },
      leave() {
        stack.pop();
      },
    },
  });
  return found;
}

describe("the comparison's queries", () => {
  it("select no sampleInterval on raw rows, and take it from the groups' avg", () => {
    expect(leaves(EVENTS_QUERY)).not.toContain("sampleInterval");
    expect(leaves(EVENTS_QUERY)).toEqual(expect.arrayContaining(["rayName", "datetime", "source", "action", "ruleId"]));
    expect(leaves(HOURLY_COUNTS_QUERY)).toEqual(["count", "dimensions_datetimeHour", "avg_sampleInterval"]);
  });

  it("send every field when the settings allow them (the docs' example: 30 fields, no list)", () => {
    const fields = queryFields(limits());
    expect(fields.omitted).toEqual([]);
    expect(leaves(eventsQuery(fields.events))).toEqual(leaves(EVENTS_QUERY));
    expect(leaves(hourlyCountsQuery(fields.groups))).toEqual(leaves(HOURLY_COUNTS_QUERY));
  });

  it("never name more fields than maxNumberOfFields: the shown ones are left out last-first, with the reason", () => {
    const fields = queryFields(limits({ maxNumberOfFields: 7 }, { maxNumberOfFields: 2 }));
    expect(leaves(eventsQuery(fields.events))).toHaveLength(7);
    expect(fields.events).toEqual(["rayName", "datetime", "source", "action", "ruleId", "clientRequestHTTPHost", "clientRequestPath"]);
    expect(leaves(hourlyCountsQuery(fields.groups))).toEqual(["count", "dimensions_datetimeHour"]);
    expect(fields.omitted).toEqual([
      { dataset: "firewallEventsAdaptive", field: "clientIP", reason: "maxNumberOfFields is 7" },
      { dataset: "firewallEventsAdaptive", field: "clientCountryName", reason: "maxNumberOfFields is 7" },
      { dataset: "firewallEventsAdaptive", field: "userAgent", reason: "maxNumberOfFields is 7" },
      { dataset: "firewallEventsAdaptiveGroups", field: "avg_sampleInterval", reason: "maxNumberOfFields is 2" },
    ]);
  });

  it("select only fields availableFields names", () => {
    const available = ["rayName", "datetime", "source", "action", "ruleId", "clientIP", "userAgent", "clientAsn"];
    const fields = queryFields(limits({ availableFields: available }));
    expect(fields.events).toEqual(["rayName", "datetime", "source", "action", "ruleId", "clientIP", "userAgent"]);
    expect(fields.omitted.map((o) => o.field)).toEqual(["clientRequestHTTPHost", "clientRequestPath", "clientCountryName"]);
    expect(fields.omitted[0]!.reason).toBe("not among the zone's availableFields");
  });

  it("refuse the comparison (409) when a field the join needs is not available or does not fit", () => {
    const noRay = () => queryFields(limits({ availableFields: ["datetime", "source", "action", "ruleId"] }));
    expect(noRay).toThrow(ConflictError);
    expect(noRay).toThrow(/rayName among the availableFields of firewallEventsAdaptive/);
    expect(() => queryFields(limits({ maxNumberOfFields: 4 }))).toThrow(/allow 4 fields per firewallEventsAdaptive query/);
    expect(() => queryFields(limits({}, { maxNumberOfFields: 1 }))).toThrow(ConflictError);
  });

  it("nest paths as the settings write them", () => {
    expect(selectionOf(["count", "avg_sampleInterval", "dimensions_datetimeHour", "dimensions_action"])).toBe(
      "count avg { sampleInterval } dimensions { datetimeHour action }",
    );
  });
});
