// CSV export in the browser: RFC 4180 quoting, and cells that a spreadsheet would run as a formula
// (=, +, -, @ at the start) are prefixed with a quote, since zone names and such come from upstream.

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

export function downloadCsv<T extends object>(filename: string, rows: readonly T[]): void {
  download(filename, toCsv(rows), "text/csv;charset=utf-8");
}

/** Saves text as a file in the browser. */
export function download(filename: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = Object.assign(document.createElement("a"), { href: url, download: filename });
  link.click();
  URL.revokeObjectURL(url);
}
