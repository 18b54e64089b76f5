import type { Metadata } from "next";
import { Suspense } from "react";
import { LoadingState } from "@/components/data-table/states";
import { ZoneDetailView } from "@/components/zones/detail/zone-detail-view";

export const metadata: Metadata = { title: "Zone migration" };

export default async function ZoneDetailPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  // The view reads the zone's account from the URL.
  return (
    <Suspense fallback={<LoadingState label="Reading the zone's migration evidence…" />}>
      <ZoneDetailView zoneId={id} />
    </Suspense>
  );
}
