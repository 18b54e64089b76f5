// Whether a row says a part of its zone is unknown; rows of a snapshot published before the field
// existed lack it, and say nothing is unknown (as they did then).
export function isUnknown(
  row: { unknown?: readonly string[] },
  part: "status" | "packages" | "overrides" | "groups" | "rulesOff",
): boolean {
  return row.unknown?.includes(part) ?? false;
}
