"use client";
// Reads one zone's comparison to the end: each answer may stop at the server's subrequest budget or at a
// rate limit with a cursor; this follows the cursors (waiting out `retryAfterSeconds` in the browser, so
// no server request is held open) and reports progress and pauses as they happen.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { streamProgress } from "@/lib/client/stream-progress";
import type { ZoneValidationAnswer } from "@/lib/validation-mode/compare-zone";
import type { ReadProgress } from "@/lib/validation-mode/window-read-state";

export interface Pause {
  /** Epoch ms when the read resumes. */
  until: number;
  limit: "account" | "graphql";
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });
}

export function useWindowComparison(base: string, windowParams: string) {
  const [progress, setProgress] = useState<ReadProgress>();
  const [pause, setPause] = useState<Pause>();
  const [requests, setRequests] = useState(0);
  const query = useQuery({
    queryKey: ["validation", base, windowParams],
    queryFn: async ({ signal }) => {
      let cursor: string | undefined;
      for (let n = 1; ; n++) {
        const params = new URLSearchParams(windowParams);
        if (cursor) params.set("cursor", cursor);
        const answer = await streamProgress<ReadProgress, ZoneValidationAnswer>(`${base}?${params}`, {}, signal, setProgress);
        setRequests(n);
        setProgress(answer.progress);
        if (answer.complete || !answer.cursor) return answer;
        cursor = answer.cursor;
        if (answer.retryAfterSeconds) {
          setPause({ until: Date.now() + answer.retryAfterSeconds * 1000, limit: answer.rateLimit ?? "account" });
          await sleep(answer.retryAfterSeconds * 1000, signal);
          setPause(undefined);
        }
      }
    },
  });
  return { ...query, progress, pause, requests };
}
