// A GatewayClient whose upstream answers with a fixed status and body, through a real Scheduler.
import { GatewayClient } from "@/lib/gateway/gateway-client";
import { RateLimiter } from "@/lib/platform/rate-limiter";
import { Scheduler } from "@/lib/platform/scheduler";

export const SECRET_URL = "https://gateway.example/v1/mainnet/secret-key-123";

export function gatewayAnswering(status: number, body: string): GatewayClient {
  const scheduler = new Scheduler({
    limiter: new RateLimiter({ requests: 1000, windowSeconds: 1 }),
    subrequestBudget: 10,
    timeoutMs: 1000,
    retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 1 },
    fetch: async () => new Response(body, { status }),
  });
  return new GatewayClient(SECRET_URL, scheduler);
}
