// Every CSV export's answer: the rows as CSV in UTF-8, an attachment with the export's file name, and the
// route's own headers (X-Preflight-Complete, X-Preflight-Cursor: whether the export is whole, how to go on).
// The operation adds Cache-Control: no-store, as to every answer.
import { toCsv } from "@/lib/csv";

export function csvResponse<T extends object>(rows: readonly T[], fileName: string, headers: Record<string, string> = {}): Response {
  return new Response(toCsv(rows), {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${fileName}"`, ...headers },
  });
}
