// A request Preflight refuses because of what the caller sent: always a 400 naming the field.
import { PreflightError } from "@/lib/errors/preflight-error";

export class InputError extends PreflightError {
  readonly httpStatus = 400;
  readonly kind = "invalid_input";

  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = "InputError";
  }

  override answer() {
    return { ...super.answer(), field: this.field };
  }
}

/** An identifier that would not be safe or valid in an upstream path. */
export class InvalidIdentifierError extends InputError {
  constructor(
    field: string,
    readonly expected: string,
  ) {
    super(field, `${field} must be ${expected}`);
    this.name = "InvalidIdentifierError";
  }
}

/** A continuation cursor this operation did not make (or one tampered with). */
export class InvalidCursorError extends InputError {
  constructor() {
    super("cursor", "cursor is not a continuation cursor of this operation; start again without it");
    this.name = "InvalidCursorError";
  }
}
