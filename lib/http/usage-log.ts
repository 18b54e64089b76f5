// The last server requests' use of the runtime's limits (subrequests, peak connections), kept in a small
// ring in memory for the Settings panel. Per process on Node, per isolate on the edge runtime.
import type { SchedulerStats } from "@/lib/platform/scheduler";

export interface RequestUsage {
  at: string;
  /** "GET /api/zones": the method and the route's path, never the query (it may hold a cursor). */
  operation: string;
  status: number;
  subrequests: number;
  budget: number;
  peakConnections: number;
  retries: number;
}

/** Enough to see a scan's requests one after another; small enough to cost nothing. */
export const USAGE_LOG_SIZE = 40;

const ring: RequestUsage[] = [];

export function recordUsage(request: Request, status: number, stats: SchedulerStats): void {
  ring.push({
    at: new Date().toISOString(),
    operation: `${request.method} ${new URL(request.url).pathname}`,
    status,
    subrequests: stats.subrequests,
    budget: stats.budget,
    peakConnections: stats.peakInFlight,
    retries: stats.retries,
  });
  if (ring.length > USAGE_LOG_SIZE) ring.splice(0, ring.length - USAGE_LOG_SIZE);
}

/** Newest first. */
export function recentUsage(): RequestUsage[] {
  return [...ring].reverse();
}
