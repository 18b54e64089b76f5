// Saves rows as a CSV file from the browser.
import { toCsv } from "@/lib/csv";

export function downloadCsv<T extends object>(filename: string, rows: readonly T[]): void {
  const url = URL.createObjectURL(new Blob([toCsv(rows)], { type: "text/csv;charset=utf-8" }));
  const link = Object.assign(document.createElement("a"), { href: url, download: filename });
  link.click();
  URL.revokeObjectURL(url);
}
