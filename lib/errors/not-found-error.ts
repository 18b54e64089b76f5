// Something the caller named that does not exist (a review id, an archived report): 404.

export class NotFoundError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "NotFoundError";
  }
}
