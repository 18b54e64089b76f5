// CSV for exports (server and browser): RFC 4180 quoting, and cells that a spreadsheet would run as a
// formula (=, +, -, @ at the start) are prefixed with a quote, since zone names and such come from upstream.

export function toCsv<T extends object>(rows: readonly T[]): string {
  const columns = Object.keys(rows[0] ?? {}) as Array<keyof T & string>;
  const lines = [columns, ...rows.map((row) => columns.map((column) => row[column]))];
  return lines.map((cells) => cells.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * An export's file name that says when it is not whole ("zones.csv" → "zones-partial.csv"): a saved file keeps no
 * header, so a partial one must not pass for the accounts' whole listing.
 */
export function exportFileName(name: string, whole: boolean): string {
  if (whole) return name;
  const dot = name.lastIndexOf(".");
  return dot > 0 ? `${name.slice(0, dot)}-partial${name.slice(dot)}` : `${name}-partial`;
}
