import type { Metadata } from "next";
import { Suspense } from "react";
import { PageHeader } from "@/components/app-shell/page-header";
import { LoadingState } from "@/components/data-table/states";
import { ValidationView } from "@/components/validation-mode/validation-view";

export const metadata: Metadata = { title: "Validation" };

export default function ValidationPage() {
  return (
    <>
      <PageHeader title="Validation" />
      <Suspense fallback={<LoadingState label="Loading the comparison…" />}>
        <ValidationView />
      </Suspense>
    </>
  );
}
