// The page's vocabulary: how each class reads, its chart colour, and the window as the operations take it.
import type { RequestClass } from "@/lib/validation-mode/join";

export const CLASS_LABELS: Record<RequestClass, string> = {
  newOnly: "New rules only",
  oldOnly: "Old rules only",
  bothDifferentAction: "Both, different actions",
  bothSameAction: "Both, same action",
};

export const CLASS_COLOURS: Record<RequestClass, string> = {
  newOnly: "#dc2626",
  oldOnly: "#d97706",
  bothDifferentAction: "#7c3aed",
  bothSameAction: "#64748b",
};

/** The window part of the view, as the operations take it (absent: the last 7 days). */
/** A query string with the zone's account added (the operation reads the zone with that account's credentials). */
export function withAccountParam(query: string, account: string | undefined): string {
  if (!account) return query;
  const params = new URLSearchParams(query);
  params.set("account", account);
  return params.toString();
}

export function windowQuery(view: { since?: string | null; until?: string | null }): string {
  const params = new URLSearchParams();
  if (view.since) params.set("since", view.since);
  if (view.until) params.set("until", view.until);
  return params.toString();
}
