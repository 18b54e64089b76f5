import type { Metadata } from "next";
import { ZoneDetailView } from "@/components/zones/detail/zone-detail-view";

export const metadata: Metadata = { title: "Zone migration" };

export default async function ZoneDetailPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <ZoneDetailView zoneId={id} />;
}
