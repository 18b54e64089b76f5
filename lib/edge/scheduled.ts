// The edge runtime's cron trigger: one budget-sized step of the account snapshot refresh, run through
// the app's own named operation so the refresh logic, its limits and its audit stay in one place.

/** The slice of the runtime's scheduled controller this handler reads. */
export interface ScheduledEvent {
  cron: string;
  scheduledTime: number;
}

/** The slice of the runtime's execution context this handler uses. */
export interface WaitUntil {
  waitUntil(promise: Promise<unknown>): void;
}

export type FetchHandler<Env> = (request: Request, env: Env, ctx: WaitUntil) => Promise<Response>;

export const REFRESH_PATH = "/api/snapshots/refresh";
export const CRON_SECRET_HEADER = "x-preflight-cron";

/** The request the cron sends to the app; the route refuses it without the shared secret. */
export function refreshRequest(secret: string | undefined): Request {
  return new Request(`http://localhost${REFRESH_PATH}`, {
    method: "POST",
    headers: secret ? { [CRON_SECRET_HEADER]: secret } : {},
  });
}

/** Runs one refresh step in the background of the scheduled event and logs its outcome (never a secret). */
export function handleScheduled<Env extends { PREFLIGHT_CRON_SECRET?: string }>(
  fetchHandler: FetchHandler<Env>,
  event: ScheduledEvent,
  env: Env,
  ctx: WaitUntil,
): Promise<void> {
  const step = (async () => {
    if (!env.PREFLIGHT_CRON_SECRET) {
      console.error("Scheduled refresh skipped: PREFLIGHT_CRON_SECRET is not set");
      return;
    }
    const response = await fetchHandler(refreshRequest(env.PREFLIGHT_CRON_SECRET), env, ctx);
    // The body is read (a summary of the step) so the connection is released; only its size is logged.
    const body = await response.text();
    const outcome = `Scheduled refresh (${event.cron}): ${response.status}, ${body.length} bytes`;
    if (response.ok) console.log(outcome);
    else console.error(outcome);
  })().catch((error: unknown) => {
    console.error(`Scheduled refresh failed: ${error instanceof Error ? error.name : "error"}`);
  });
  ctx.waitUntil(step);
  return step;
}
