// The v4 text filter syntax: `name=contains:.org`, `starts_with:dev`, `ends_with:arpa`; plain value = equal.

const OPERATORS = [
  "equal",
  "not_equal",
  "starts_with",
  "ends_with",
  "contains",
  "starts_with_case_sensitive",
  "ends_with_case_sensitive",
  "contains_case_sensitive",
] as const;
type Operator = (typeof OPERATORS)[number];

/** A predicate for one filter value; an unknown prefix is part of the value (names may contain ':'). */
export function textFilter(raw: string): (value: string) => boolean {
  const colon = raw.indexOf(":");
  const prefix = colon > 0 ? raw.slice(0, colon) : "";
  const operator: Operator = (OPERATORS as readonly string[]).includes(prefix) ? (prefix as Operator) : "equal";
  const operand = operator === "equal" && prefix !== "equal" ? raw : raw.slice(colon + 1);
  const sensitive = operator.endsWith("_case_sensitive");
  const needle = sensitive ? operand : operand.toLowerCase();
  return (value) => {
    const hay = sensitive ? value : value.toLowerCase();
    switch (operator) {
      case "equal":
        return hay === needle;
      case "not_equal":
        return hay !== needle;
      case "starts_with":
      case "starts_with_case_sensitive":
        return hay.startsWith(needle);
      case "ends_with":
      case "ends_with_case_sensitive":
        return hay.endsWith(needle);
      case "contains":
      case "contains_case_sensitive":
        return hay.includes(needle);
    }
  };
}

/** Combines filters as the `match` parameter says: all (default) or any. No filters keeps everything. */
export function combine<T>(predicates: ((item: T) => boolean)[], match: "all" | "any"): (item: T) => boolean {
  if (predicates.length === 0) return () => true;
  return match === "any" ? (item) => predicates.some((p) => p(item)) : (item) => predicates.every((p) => p(item));
}
