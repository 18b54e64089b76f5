// A request body larger than the limit: refused with 413 before it is parsed (or read past the limit).
import { PreflightError } from "@/lib/errors/preflight-error";

export class PayloadTooLargeError extends PreflightError {
  readonly httpStatus = 413;
  readonly kind = "too_large";

  constructor(readonly maxBytes: number) {
    super(`The request body is larger than ${maxBytes} bytes`);
    this.name = "PayloadTooLargeError";
  }

  override answer() {
    return { ...super.answer(), field: "body" };
  }
}
