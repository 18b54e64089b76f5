// A request Preflight refuses because of what the caller sent: always a 400 naming the field.

export class InputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = "InputError";
  }
}

/** An identifier that would not be safe or valid in an upstream path. */
export class InvalidIdentifierError extends Error {
  constructor(
    readonly field: string,
    readonly expected: string,
  ) {
    super(`${field} must be ${expected}`);
    this.name = "InvalidIdentifierError";
  }
}

/** A continuation cursor this operation did not make (or one tampered with). */
export class InvalidCursorError extends Error {
  readonly field = "cursor";
  constructor() {
    super("cursor is not a continuation cursor of this operation; start again without it");
    this.name = "InvalidCursorError";
  }
}
