// The call to a limit's Durable Object from an isolate: a stub per call (a stub belongs to the request that
// made it), the request and the answer checked with the protocol's schemas.
import { limitAnswerSchema, type LimitAnswer, type LimitRequest } from "@/lib/platform/shared-limit-protocol";
import type { LimitObjectCall } from "@/lib/platform/shared-rate-limiter";

/** The slice of the runtime's Durable Object namespace binding this call uses. */
export interface LimitNamespace {
  idFromName(name: string): unknown;
  get(id: never): { fetch(url: string, init: RequestInit): Promise<Response> };
}

/** The binding's name in wrangler.jsonc. */
export const LIMIT_BINDING = "RATE_LIMITS";

export function isLimitNamespace(value: unknown): value is LimitNamespace {
  return typeof value === "object" && value !== null && "idFromName" in value && "get" in value;
}

/** Calls the object `name` of `namespace`; undefined (no binding) makes every call fail: Preflight then waits. */
export function limitObjectCall(namespace: () => LimitNamespace | undefined, name: string): LimitObjectCall {
  return async (request: LimitRequest): Promise<LimitAnswer> => {
    const bound = namespace();
    if (!bound) throw new Error(`no ${LIMIT_BINDING} binding`);
    const stub = bound.get(bound.idFromName(name) as never);
    const response = await stub.fetch("https://rate-limit.preflight.internal/", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(request),
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`the shared rate limit answered ${response.status}`);
    }
    return limitAnswerSchema.parse(await response.json());
  };
}
