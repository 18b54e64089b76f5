"use client";
// Every zone of the account, following the listing's continuation cursor until it is complete.
import { useMemo } from "react";
import { useCursorPages } from "@/components/data-table/use-cursor-pages";
import type { ZonesPage } from "@/lib/platform/zones";

export function useZones() {
  const { pages, ...query } = useCursorPages<ZonesPage>(["zones"], (cursor) =>
    `/api/zones${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`,
  );
  const zones = useMemo(() => pages?.flatMap((page) => page.zones) ?? [], [pages]);
  return { ...query, zones, loaded: zones.length, totalCount: pages?.[0]?.totalCount, fetchedAt: pages?.[0]?.fetchedAt };
}
