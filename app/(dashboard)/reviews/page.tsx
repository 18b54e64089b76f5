import type { Metadata } from "next";
import { Suspense } from "react";
import { PageHeader } from "@/components/app-shell/page-header";
import { ReviewsView } from "@/components/reviews/reviews-view";

export const metadata: Metadata = { title: "Reviews" };

export default function ReviewsPage() {
  return (
    <>
      <PageHeader title="Reviews" />
      <Suspense>
        <ReviewsView />
      </Suspense>
    </>
  );
}
