import { refreshBodySchema as bodySchema } from "@/lib/api/request-bodies";
import { readJsonBody } from "@/lib/http/json-body";
import { operation } from "@/lib/http/operation";
import { UPSTREAM } from "@/lib/http/upstream-calls";
import { runRefreshStep } from "@/lib/snapshots/service";
import { combineSteps, type AccountStep } from "@/lib/snapshots/account-steps";

export const dynamic = "force-dynamic";

/**
 * One budget-sized step of the snapshot refresh: a signed-in planner (the Refresh button), the edge
 * worker's cron trigger or the Node timer (header `x-preflight-cron` = PREFLIGHT_CRON_SECRET).
 */
export const POST = operation(
  async ({ request, accounts, platformFor }) => {
    const { restart } = await readJsonBody(request, bodySchema, { optional: true });
    // Each account's snapshot advances by one step, one account after the other, sharing the request's budget.
    const steps: AccountStep[] = [];
    for (const entry of accounts.entries) steps.push({ entry: entry.key, ...(await runRefreshStep(platformFor(entry), restart ?? false)) });
    return combineSteps(steps);
  },
  { role: "planner", cron: true, upstream: UPSTREAM.snapshotRefresh },
);
