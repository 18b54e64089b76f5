// A request that lost to another change (a concurrent write, a state that moved on, drifted evidence): 409.

export class ConflictError extends Error {
  constructor(
    message: string,
    readonly kind: string = "conflict",
    readonly details?: unknown,
  ) {
    super(message);
    this.name = "ConflictError";
  }
}
