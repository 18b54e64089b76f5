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
