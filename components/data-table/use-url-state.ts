"use client";
// View state (filters, sort, selection) lives in the URL, so a link shared in a review opens the same view.
// Writes use history.replaceState (with null state: Next ignores calls carrying its own state), which
// Next's router observes without a navigation or a re-fetch.
import { useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";

export function useUrlState<K extends string>(keys: readonly K[]) {
  const params = useSearchParams();
  const state = useMemo(
    () => Object.fromEntries(keys.map((key) => [key, params.get(key) ?? undefined])) as Record<K, string | undefined>,
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keys is a constant list per caller
    [params],
  );
  const update = useCallback((patch: Partial<Record<K, string | undefined>>) => {
    const next = new URLSearchParams(window.location.search);
    for (const [key, value] of Object.entries(patch) as Array<[K, string | undefined]>) {
      if (value === undefined || value === "") next.delete(key);
      else next.set(key, value);
    }
    const query = next.toString();
    window.history.replaceState(null, "", `${window.location.pathname}${query ? `?${query}` : ""}`);
  }, []);
  return [state, update] as const;
}
