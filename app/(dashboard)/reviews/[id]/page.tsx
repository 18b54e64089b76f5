import type { Metadata } from "next";
import { ReviewDetail } from "@/components/reviews/review-detail";

export const metadata: Metadata = { title: "Review" };

export default async function ReviewPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <ReviewDetail id={id} />;
}
