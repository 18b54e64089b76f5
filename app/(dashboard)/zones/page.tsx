import type { Metadata } from "next";
import { Suspense } from "react";
import { PageHeader } from "@/components/app-shell/page-header";
import { LoadingState } from "@/components/data-table/states";
import { ZonesView } from "@/components/zones-table/zones-view";

export const metadata: Metadata = { title: "Zones" };

export default function ZonesPage() {
  return (
    <>
      <PageHeader title="Zones" />
      <Suspense fallback={<LoadingState label="Loading zones…" />}>
        <ZonesView />
      </Suspense>
    </>
  );
}
