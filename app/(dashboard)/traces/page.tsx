import type { Metadata } from "next";
import { SectionPlaceholder } from "@/components/app-shell/section-placeholder";

export const metadata: Metadata = { title: "Traces" };

export default function TracesPage() {
  return <SectionPlaceholder title="Traces" question="What happened on chain? Explore trace_filter results from the JSON-RPC gateway." />;
}
