// A request that lost to another change (a concurrent write, a state that moved on, drifted evidence): 409.
import type { ConflictKind } from "@/lib/errors/error-kinds";
import { PreflightError } from "@/lib/errors/preflight-error";

export class ConflictError extends PreflightError {
  readonly httpStatus = 409;

  constructor(
    message: string,
    /** What it conflicted with, e.g. `drift`, `previous_api_retired`, `status_unknown`. */
    readonly kind: ConflictKind = "conflict",
    readonly details?: unknown,
  ) {
    super(message);
    this.name = "ConflictError";
  }

  override answer() {
    return { ...super.answer(), details: this.details };
  }
}
