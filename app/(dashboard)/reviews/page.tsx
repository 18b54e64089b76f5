import type { Metadata } from "next";
import { SectionPlaceholder } from "@/components/app-shell/section-placeholder";

export const metadata: Metadata = { title: "Reviews" };

export default function ReviewsPage() {
  return <SectionPlaceholder title="Reviews" question="Which changes to the account are waiting for a second person's approval?" />;
}
