import type { Metadata } from "next";
import { Suspense } from "react";
import { PageHeader } from "@/components/app-shell/page-header";
import { CertificatesView } from "@/components/certificates/certificates-view";
import { LoadingState } from "@/components/data-table/states";

export const metadata: Metadata = { title: "Certificates" };

export default function CertificatesPage() {
  return (
    <>
      <PageHeader title="Certificates" />
      <Suspense fallback={<LoadingState label="Loading certificates…" />}>
        <CertificatesView />
      </Suspense>
    </>
  );
}
