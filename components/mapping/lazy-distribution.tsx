"use client";
// The distribution's chart (recharts) is the page's heaviest code: it loads after the mapping table.
import dynamic from "next/dynamic";
import { LoadingState } from "@/components/data-table/states";

export const LazyMappingDistribution = dynamic(() => import("./mapping-distribution").then((m) => m.MappingDistribution), {
  ssr: false,
  loading: () => <LoadingState label="Loading the account's distribution…" />,
});
