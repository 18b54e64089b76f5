import { InvalidIdentifierError } from "@/lib/errors/input-error";
import { finalizedWindows, openGateway } from "@/lib/gateway/open-gateway";
import { openDecoder } from "@/lib/decode/open-decoder";
import { readTransaction } from "@/lib/decode/read-transaction";
import { operation } from "@/lib/http/operation";
import { UPSTREAM } from "@/lib/http/upstream-calls";

export const dynamic = "force-dynamic";

/** One transaction's frames in tree order, each decoded with its source, and its value flow. */
export const GET = operation<{ hash: string }>(
  async ({ request, platform, allows, params }) => {
    const hash = String(params.hash ?? "");
    if (!/^0x[0-9a-fA-F]{64}$/.test(hash)) throw new InvalidIdentifierError("hash", "a transaction hash: 0x and 64 hex digits");
    const gateway = openGateway(request.signal, platform.scheduler, allows);
    return readTransaction(gateway, hash.toLowerCase(), await openDecoder(gateway), finalizedWindows);
  },
  { role: "viewer", upstream: UPSTREAM.traceTransaction },
);
