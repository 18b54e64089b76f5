import type { Metadata } from "next";
import { PageHeader } from "@/components/app-shell/page-header";
import { ZonesView } from "@/components/zones/zones-view";
import { pageIdentity } from "@/lib/identity/page-identity";
import { hasRole } from "@/lib/identity/roles";
import { zonesFirstAnswer } from "@/lib/migration/zones-first-answer";
import { getConfig } from "@/lib/config";

export const metadata: Metadata = { title: "Zones" };

export default async function ZonesPage() {
  // The first rows come with the page when the server already holds them, for those allowed to see them.
  const identity = await pageIdentity();
  // One account only: several accounts' first answer is theirs together, which the page asks for.
  const single = getConfig().accounts.length === 1;
  // What GET /api/zones answers first (a fresh snapshot's rows, or the live scan's), with the drift watch flags.
  const firstPage = single && identity && hasRole(identity.role, "viewer") ? await zonesFirstAnswer() : undefined;
  return (
    <>
      <PageHeader title="Zones" />
      {/* No Suspense boundary around the view: React streams a boundary larger than 12,800 bytes after the
          shell and reveals it up to 300 ms after the first paint. In the shell, the first rows are in the HTML. */}
      <ZonesView firstPage={firstPage} />
    </>
  );
}
