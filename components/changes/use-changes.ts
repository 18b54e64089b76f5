"use client";
// The change listing for the view's filters, page by page as the server's budget allows.
import { useMemo } from "react";
import { useCursorPages } from "@/components/data-table/use-cursor-pages";
import type { ChangePages } from "@/lib/changes/pages";
import type { ChangeRecord } from "@/lib/changes/schema";

export type ListedChange = ChangeRecord & { pages: ChangePages };
interface ChangesAnswer {
  changes: ListedChange[];
  since: string | null;
  complete: boolean;
  cursor?: string;
}

/** `account`: an account id, for that account's changes only. */
export interface ChangesFilters {
  since?: string;
  kind?: string;
  account?: string;
}

export function changesUrl(filters: ChangesFilters, cursor?: string): string {
  const query = new URLSearchParams();
  if (filters.account) query.set("account", filters.account);
  if (filters.since) query.set("since", filters.since);
  if (filters.kind) query.set("kind", filters.kind);
  if (cursor) query.set("cursor", cursor);
  const text = query.toString();
  return `/api/changes${text ? `?${text}` : ""}`;
}

export function useChanges(filters: ChangesFilters) {
  const key = ["changes", filters.since ?? "", filters.kind ?? "", filters.account ?? ""];
  const { pages, ...query } = useCursorPages<ChangesAnswer>(key, (cursor) => changesUrl(filters, cursor || undefined));
  const changes = useMemo(() => pages?.flatMap((p) => p.changes) ?? [], [pages]);
  return { ...query, changes };
}
