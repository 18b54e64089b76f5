// Where a change leads in the dashboard: its zone, the review it is compared with, its diff (the change
// opened on the Changes view), and for a certificate the Certificates page filtered to it.
import { isCertificateChange } from "@/lib/changes/flags";
import type { ChangeRecord } from "@/lib/changes/schema";
import { withAccount } from "@/lib/accounts/account-filter";

export interface ChangePages {
  zone: string;
  review?: string;
  diff?: string;
  certificates?: string;
}

export function changePages(record: ChangeRecord): ChangePages {
  // The zone's and certificates' pages read with the change's account, as a zone's link on every page does.
  const account = record.account?.id;
  const pages: ChangePages = { zone: withAccount(`/zones/${record.zoneId}`, account) };
  if (record.links?.reviewId) pages.review = `/reviews/${record.links.reviewId}`;
  if (record.details) pages.diff = `/changes?${new URLSearchParams({ open: record.id })}`;
  if (isCertificateChange(record))
    pages.certificates = withAccount(`/certificates?${new URLSearchParams({ q: record.subject.name ?? record.zoneName })}`, account);
  return pages;
}
