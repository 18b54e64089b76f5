"use client";
// Runs the snapshot refresh from the browser, one budget-sized server request after another (the same
// step the cron trigger and the Node timer call), showing its progress, until the snapshot is published.
import { useCallback, useRef, useState } from "react";
import { fetchJson } from "@/lib/client/fetch-json";
import type { StepOutcome } from "@/lib/snapshots/refresh";

export function useSnapshotRefresh(onPublished: () => void) {
  const [percent, setPercent] = useState<number | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const cancelled = useRef(false);

  const start = useCallback(async () => {
    cancelled.current = false;
    setError(undefined);
    setPercent(0);
    try {
      for (let first = true; !cancelled.current; first = false) {
        const step = await fetchJson<StepOutcome>("/api/snapshots/refresh", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ restart: first }),
        });
        setPercent(step.percent);
        if (step.result === "published" || step.result === "idle") break;
        if (step.retryAfterSeconds) await new Promise((resolve) => setTimeout(resolve, step.retryAfterSeconds! * 1000));
      }
      if (!cancelled.current) onPublished();
    } catch (e) {
      setError(e instanceof Error ? e.message : "The snapshot could not be refreshed");
    } finally {
      setPercent(undefined);
    }
  }, [onPublished]);

  const stop = useCallback(() => {
    cancelled.current = true;
  }, []);
  return { start, stop, running: percent !== undefined, percent, error };
}
