// What the gateway said when it refused: a 403 (method not supported), a JSON-RPC error object
// (`code`, `message`), another HTTP status, or an answer that is not JSON-RPC at all.

export type GatewayErrorKind = "method_not_supported" | "jsonrpc" | "http" | "malformed";

export class GatewayError extends Error {
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
}
