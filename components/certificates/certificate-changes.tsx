// What the snapshot saw change in the certificate audit since the previous snapshot: how many, in which
// zones, and the way to the Changes view. Shown only for an answer from a snapshot that recorded some.
import Link from "next/link";
import type { CertificateRow, ZoneOutcome } from "@/lib/certificates/types";

export function CertificateChanges({
  count,
  rows,
  zones,
}: {
  count?: number;
  rows: readonly CertificateRow[];
  zones: readonly ZoneOutcome[];
}) {
  if (!count) return null;
  const changedZones = zones.filter((z) => z.changes);
  const changedRows = rows.filter((r) => r.changes?.length).length;
  return (
    <div
      role="status"
      className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950"
      data-testid="certificate-changes"
    >
      <p>
        <strong>
          {count} change{count === 1 ? "" : "s"} since the previous snapshot
        </strong>
        {changedRows > 0 && ` on ${changedRows} certificate${changedRows === 1 ? "" : "s"} (marked “changed” below)`}
        {changedZones.length > 0 && ` in ${changedZones.map((z) => `${z.zoneName} (${z.changes})`).join(", ")}`}.{" "}
        <Link className="text-blue-700 underline-offset-2 hover:underline" href="/changes">
          See them on the Changes view
        </Link>
      </p>
    </div>
  );
}

/** The mark beside a changed certificate, its words as the title. */
export function ChangedMark({ row }: { row: CertificateRow }) {
  if (!row.changes?.length) return null;
  return (
    <span
      className="ml-1 rounded bg-amber-100 px-1 text-xs font-medium text-amber-900"
      title={row.changes.map((c) => c.words).join("\n")}
      data-testid="certificate-changed"
    >
      changed
    </span>
  );
}
