import { inspectBodySchema as bodySchema } from "@/lib/api/request-bodies";
import { InputError } from "@/lib/errors/input-error";
import { readBodyText } from "@/lib/http/json-body";
import { JSON_BODY_MAX_BYTES } from "@/lib/platform/runtime-limits";
import { operation } from "@/lib/http/operation";
import { UPSTREAM } from "@/lib/http/upstream-calls";

export const dynamic = "force-dynamic";

/** The chain inspector: POST {"pem": "-----BEGIN CERTIFICATE-----…"}; no upstream call is made. */
export const POST = operation(
  async ({ request }) => {
    const text = await readBodyText(request, JSON_BODY_MAX_BYTES);
    const body = bodySchema.safeParse(parseOrUndefined(text));
    if (!body.success) throw new InputError("pem", 'send a JSON body {"pem": "-----BEGIN CERTIFICATE-----…"} holding the chain');
    // The X.509 parser (and its dependency container) loads on the first inspection, not at start-up.
    const { inspectChain } = await import("@/lib/certificates/chain");
    return inspectChain(body.data.pem);
  },
  { role: "viewer", upstream: UPSTREAM.none },
);

function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
