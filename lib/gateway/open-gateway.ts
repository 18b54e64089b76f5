// Opens the gateway for one server request: its own Scheduler (6 slots, the subrequest budget) and
// the configured URL, which stays here. The gateway's rate limit is not documented, so the process
// only obeys its 429s (Retry-After pauses every caller).
import "server-only";
import { getConfig } from "@/lib/config";
import { ConfigError } from "@/lib/errors/internal-errors";
import { RateLimiter } from "@/lib/platform/rate-limiter";
import { Scheduler } from "@/lib/platform/scheduler";
import { WindowCache } from "./cache";
import { GatewayClient } from "./gateway-client";
import type { TraceRecord } from "./trace-record";

let limiter: RateLimiter | undefined;
/** Finalized windows, kept for the life of the process (one gateway per process). */
export const finalizedWindows = new WindowCache<TraceRecord>();

/** `request` is the server request's platform Scheduler: the gateway's calls count in the same budget and 6 slots. */
export function openGateway(signal?: AbortSignal, request?: Scheduler, allows?: (method: string, path: string) => boolean): GatewayClient {
  const config = getConfig();
  if (!config.gatewayUrl) {
    throw new ConfigError("ETH_GATEWAY_URL", "is not set: the trace explorer needs a JSON-RPC gateway (live mode has no demo gateway)");
  }
  limiter ??= new RateLimiter({ requests: 1_000_000, windowSeconds: 1 });
  const scheduler = new Scheduler({
    limiter,
    subrequestBudget: config.subrequestBudget,
    timeoutMs: config.upstreamTimeoutMs,
    signal,
    shareWith: request,
    requestId: request?.requestId,
  });
  return new GatewayClient(config.gatewayUrl, scheduler, allows);
}
