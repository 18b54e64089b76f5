import { z } from "zod";
import { inspectChain } from "@/lib/certificates/chain";
import { InputError } from "@/lib/http/input-error";
import { operation } from "@/lib/http/operation";
import { UPSTREAM } from "@/lib/http/upstream-calls";

export const dynamic = "force-dynamic";

const bodySchema = z.object({ pem: z.string() });

/** The chain inspector: POST {"pem": "-----BEGIN CERTIFICATE-----…"}; no upstream call is made. */
export const POST = operation(async ({ request }) => {
  const body = bodySchema.safeParse(await request.json().catch(() => undefined));
  if (!body.success) throw new InputError("pem", 'send a JSON body {"pem": "-----BEGIN CERTIFICATE-----…"} holding the chain');
  return inspectChain(body.data.pem);
}, { role: "viewer", upstream: UPSTREAM.none });
