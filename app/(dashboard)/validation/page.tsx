import type { Metadata } from "next";
import { SectionPlaceholder } from "@/components/app-shell/section-placeholder";

export const metadata: Metadata = { title: "Validation" };

export default function ValidationPage() {
  return <SectionPlaceholder title="Validation" question="For zones in validation mode: where do the previous and the new managed rules disagree?" />;
}
