// A GatewayClient whose upstream answers with a fixed status and body, through a real Scheduler.
import { GatewayClient } from "@/lib/gateway/gateway-client";
import { RateLimiter } from "@/lib/platform/rate-limiter";
import { Scheduler } from "@/lib/platform/scheduler";

export const SECRET_URL = "https://gateway.example/v1/mainnet/secret-key-123";

/** `body`: the answer, or its chunks as they arrive (an Error: the connection breaks there). */
export function gatewayAnswering(status: number, body: string | Array<string | Error>): GatewayClient {
  const scheduler = new Scheduler({
    limiter: new RateLimiter({ requests: 1000, windowSeconds: 1 }),
    subrequestBudget: 10,
    timeoutMs: 1000,
    retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 1 },
    fetch: async () => new Response(typeof body === "string" ? body : chunked(body), { status }),
  });
  return new GatewayClient(SECRET_URL, scheduler);
}

function chunked(chunks: Array<string | Error>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let next = 0;
  return new ReadableStream({
    pull(controller) {
      const chunk = chunks[next++];
      if (chunk === undefined) controller.close();
      else if (chunk instanceof Error) controller.error(chunk);
      else controller.enqueue(encoder.encode(chunk));
    },
  });
}
