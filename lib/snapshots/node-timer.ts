// Node's stand-in for the edge cron trigger: a timer in the server process that calls the same named
// operation the cron does (POST /api/snapshots/refresh with the cron header), one step at a time.
// Started by instrumentation.ts only when SNAPSHOT_REFRESH_MINUTES is set; never in tests unless asked.

const CRON_HEADER = "x-preflight-cron";
/** Between steps of a run under way: short, so a refresh finishes soon; the rate limiter paces the calls. */
const NEXT_STEP_MS = 1_000;
/** When there is nothing to do (published and fresh): look again a minute later. */
const IDLE_MS = 60_000;

export interface TimerSettings {
  origin: string;
  cronSecret: string;
}

export function startRefreshTimer(settings: TimerSettings, fetchImpl: typeof fetch = fetch): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => void tick(), ms);
    timer.unref?.();
  };
  const tick = async () => {
    let wait = IDLE_MS;
    try {
      const response = await fetchImpl(`${settings.origin}/api/snapshots/refresh`, {
        method: "POST",
        headers: { [CRON_HEADER]: settings.cronSecret },
      });
      const body = (await response.json().catch(() => ({}))) as { result?: string; retryAfterSeconds?: number };
      if (response.ok && body.result === "worked") wait = NEXT_STEP_MS;
      if (body.retryAfterSeconds) wait = Math.max(NEXT_STEP_MS, body.retryAfterSeconds * 1000);
      if (!response.ok) console.error(`[preflight] snapshot refresh step answered HTTP ${response.status}`);
    } catch {
      console.error("[preflight] snapshot refresh step could not reach the server; retrying in a minute");
    }
    schedule(wait);
  };
  schedule(5_000); // after start-up, once the server listens
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
