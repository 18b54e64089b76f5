// What the gateway said when it refused: a 403 (method not supported), a JSON-RPC error object
// (`code`, `message`), another HTTP status, or an answer that is not JSON-RPC at all.

import { PreflightError } from "@/lib/errors/preflight-error";

export type GatewayErrorKind = "method_not_supported" | "jsonrpc" | "http" | "malformed";

export class GatewayError extends PreflightError<GatewayErrorKind> {
  readonly httpStatus = 502;
  override readonly upstreamFailure = true;

  constructor(
    readonly kind: GatewayErrorKind,
    readonly method: string,
    message: string,
    /** The JSON-RPC error code, when the node sent one. */
    readonly code?: number,
    readonly status?: number,
  ) {
    super(message);
    this.name = "GatewayError";
  }

  /** The node's own code and message, shown for what they are (scrubbed like every message). */
  override answer() {
    return { ...super.answer(), kind: `gateway_${this.kind}` as const, code: this.code };
  }
}
