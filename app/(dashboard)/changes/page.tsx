import type { Metadata } from "next";
import { Suspense } from "react";
import { PageHeader } from "@/components/app-shell/page-header";
import { ChangesView } from "@/components/changes/changes-view";
import { LoadingState } from "@/components/data-table/states";

export const metadata: Metadata = { title: "Changes" };

export default function ChangesPage() {
  return (
    <>
      <PageHeader title="Changes" />
      <Suspense fallback={<LoadingState label="Loading changes…" />}>
        <ChangesView />
      </Suspense>
    </>
  );
}
