import type { Metadata } from "next";
import { PageHeader } from "@/components/app-shell/page-header";
import { LazyMappingDistribution } from "@/components/mapping/lazy-distribution";
import { MappingTable } from "@/components/mapping/mapping-table";

export const metadata: Metadata = { title: "Mapping" };

export default function MappingPage() {
  return (
    <>
      <PageHeader title="Mapping" />
      <div className="flex flex-col gap-4">
        <MappingTable />
        <LazyMappingDistribution />
      </div>
    </>
  );
}
