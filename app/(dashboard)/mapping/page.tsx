import type { Metadata } from "next";
import { SectionPlaceholder } from "@/components/app-shell/section-placeholder";

export const metadata: Metadata = { title: "Mapping" };

export default function MappingPage() {
  return <SectionPlaceholder title="Mapping" question="How does each zone's old sensitivity and action map to the new paranoia level, score threshold and action?" />;
}
