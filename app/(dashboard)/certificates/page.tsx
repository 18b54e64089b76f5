import type { Metadata } from "next";
import { SectionPlaceholder } from "@/components/app-shell/section-placeholder";

export const metadata: Metadata = { title: "Certificates" };

export default function CertificatesPage() {
  return <SectionPlaceholder title="Certificates" question="Which certificates still depend on the legacy-chain certificate authority, and what must be done for each?" />;
}
