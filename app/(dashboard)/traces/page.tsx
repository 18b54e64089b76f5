import type { Metadata } from "next";
import { Suspense } from "react";
import { PageHeader } from "@/components/app-shell/page-header";
import { LoadingState } from "@/components/data-table/states";
import { TracesView } from "@/components/traces/traces-view";

export const metadata: Metadata = { title: "Traces" };

export default function TracesPage() {
  return (
    <>
      <PageHeader title="Traces" />
      <Suspense fallback={<LoadingState label="Loading the trace explorer…" />}>
        <TracesView />
      </Suspense>
    </>
  );
}
