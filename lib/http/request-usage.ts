// What one server request used of the runtime's limits over every platform it opened: a request that reads
// several accounts opens one platform per account (each with its own scheduler), and its usage is their sum.
import type { SchedulerStats } from "@/lib/platform/scheduler";

/**
 * The sum of each platform's stats; undefined when the request opened none. Each account keeps its own connections
 * (one account waiting for its rate limit never holds another's), so the peak is the sum of theirs: the most the
 * request could have held at once.
 */
export function requestStats(platforms: Iterable<{ scheduler: { stats: SchedulerStats } }>): SchedulerStats | undefined {
  let total: SchedulerStats | undefined;
  for (const { scheduler } of platforms) {
    const stats = scheduler.stats;
    total = total
      ? {
          subrequests: total.subrequests + stats.subrequests,
          budget: total.budget + stats.budget,
          peakInFlight: total.peakInFlight + stats.peakInFlight,
          retries: total.retries + stats.retries,
        }
      : { ...stats };
  }
  return total;
}
