"use client";
// Runs a trace query (when there is one in the URL), reporting window progress; cancel aborts the
// request, which stops the server's work as well.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import type { TraceQuery } from "@/lib/gateway/query";
import { streamTraces, type TraceProgress } from "./stream-traces";

export function useTraces(query: TraceQuery | undefined) {
  const client = useQueryClient();
  const [progress, setProgress] = useState<TraceProgress>();
  const [cancelled, setCancelled] = useState(false);
  const queryKey = ["traces", query];
  const result = useQuery({
    queryKey,
    enabled: query !== undefined,
    retry: false,
    staleTime: Infinity,
    queryFn: ({ signal }) => {
      setCancelled(false);
      setProgress(undefined);
      return streamTraces(query!, signal, setProgress);
    },
  });
  const cancel = useCallback(() => {
    setCancelled(true);
    void client.cancelQueries({ queryKey: ["traces", query] });
  }, [client, query]);
  return { ...result, progress, cancelled: cancelled && !result.data, cancel };
}
