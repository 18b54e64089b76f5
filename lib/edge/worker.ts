// The worker's entry on the edge runtime: OpenNext's generated fetch handler, plus the cron trigger and the
// Durable Object class that keeps each limit owner's rate limit for every isolate (a custom worker, as
// OpenNext's docs describe). wrangler.jsonc points `main` here; `npm run build:edge` generates ../../.open-next/worker.js first.
import { handleScheduled, type FetchHandler, type ScheduledEvent, type WaitUntil } from "./scheduled";
// eslint-disable-next-line @typescript-eslint/ban-ts-comment -- generated at build time, absent at typecheck
// @ts-ignore
import openNextWorker from "../../.open-next/worker.js";

export { AccountRateLimit } from "./account-rate-limit";

interface Env {
  PREFLIGHT_CRON_SECRET?: string;
}

const app = openNextWorker as { fetch: FetchHandler<Env> };

export default {
  fetch: app.fetch,
  scheduled(event: ScheduledEvent, env: Env, ctx: WaitUntil): Promise<void> {
    return handleScheduled(app.fetch, event, env, ctx);
  },
};
