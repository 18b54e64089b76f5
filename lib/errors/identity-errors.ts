// Who-are-you and may-you failures: 401 when the caller is not known, 403 when the role is missing.
import { PreflightError } from "@/lib/errors/preflight-error";

export class UnauthenticatedError extends PreflightError {
  readonly httpStatus = 401;
  readonly kind = "unauthenticated";

  constructor(message: string) {
    super(message);
    this.name = "UnauthenticatedError";
  }
}

export class ForbiddenError extends PreflightError {
  readonly httpStatus = 403;
  readonly kind = "forbidden";

  constructor(message: string) {
    super(message);
    this.name = "ForbiddenError";
  }
}
