import { refreshBodySchema as bodySchema } from "@/lib/api/request-bodies";
import { readJsonBody } from "@/lib/http/json-body";
import { operation } from "@/lib/http/operation";
import { UPSTREAM } from "@/lib/http/upstream-calls";
import { runRefreshStep } from "@/lib/snapshots/service";

export const dynamic = "force-dynamic";

/**
 * One budget-sized step of the snapshot refresh: a signed-in planner (the Refresh button), the edge
 * worker's cron trigger or the Node timer (header `x-preflight-cron` = PREFLIGHT_CRON_SECRET).
 */
export const POST = operation(
  async ({ request, platform }) => {
    const { restart } = await readJsonBody(request, bodySchema, { optional: true });
    return runRefreshStep(platform, restart ?? false);
  },
  { role: "planner", cron: true, upstream: UPSTREAM.snapshotRefresh },
);
