// Something the caller named that does not exist (a review id, an archived report): 404.
import { PreflightError } from "@/lib/errors/preflight-error";

export class NotFoundError extends PreflightError {
  readonly httpStatus = 404;
  readonly kind = "not_found";

  constructor(message: string) {
    super(message);
    this.name = "NotFoundError";
  }
}
