// Saves exports from the browser as files.
import { toCsv } from "@/lib/csv";

export function downloadCsv<T extends object>(filename: string, rows: readonly T[]): void {
  downloadText(filename, toCsv(rows), "text/csv;charset=utf-8");
}

/** Saves text as a file through a temporary link (CSV here; JSON exports use it too). */
export function downloadText(filename: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = Object.assign(document.createElement("a"), { href: url, download: filename });
  link.click();
  URL.revokeObjectURL(url);
}
