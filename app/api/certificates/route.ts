import { getConfig } from "@/lib/config";
import { auditCertificates } from "@/lib/certificates/audit";
import { csvRows } from "@/lib/certificates/types";
import { toCsv } from "@/lib/csv";
import { InputError } from "@/lib/errors/input-error";
import { NotFoundError } from "@/lib/errors/not-found-error";
import { operation } from "@/lib/http/operation";
import { queryEnum } from "@/lib/http/query";
import { UPSTREAM } from "@/lib/http/upstream-calls";
import { certificatesFromSnapshot, isSnapshotCursor } from "@/lib/snapshots/answers";

export const dynamic = "force-dynamic";

/**
 * Every certificate of the account with its verdict, and the CAA findings; `cursor` resumes, `refresh=1`
 * rescans. A fresh published snapshot answers instead of a live audit (`source=live` or `refresh=1` audit live).
 */
export const GET = operation(async ({ url, platform }) => {
  const format = url.searchParams.get("format") ?? "json";
  if (format !== "json" && format !== "csv") throw new InputError("format", "format must be json or csv");
  const refresh = url.searchParams.get("refresh");
  if (refresh !== null && refresh !== "1") throw new InputError("refresh", "refresh must be 1 or absent");
  const source = queryEnum(url, "source", ["auto", "live", "snapshot"] as const, "auto");
  const cursor = url.searchParams.get("cursor") ?? undefined;
  const live = () => auditCertificates(platform, { cursor, refresh: refresh === "1", accountId: getConfig().accountId });
  let page;
  if (source !== "live" && refresh === null && (!cursor || isSnapshotCursor(cursor))) {
    const fromSnapshot = await certificatesFromSnapshot(platform, cursor);
    if (!fromSnapshot.answer && (source === "snapshot" || cursor)) throw new NotFoundError("There is no fresh snapshot of this account; audit live or refresh the snapshot");
    page = fromSnapshot.answer ?? { ...(await live()), snapshot: fromSnapshot.snapshot };
  } else {
    page = await live();
  }
  if (format === "json") return page;
  // The CSV holds what this request reached; the headers say whether that is the whole account.
  return new Response(toCsv(csvRows(page.certificates)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="certificates.csv"',
      "X-Preflight-Complete": String(page.complete),
      ...(page.cursor ? { "X-Preflight-Cursor": page.cursor } : {}),
    },
  });
}, { role: "viewer", upstream: UPSTREAM.certificates });
