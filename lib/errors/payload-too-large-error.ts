// A request body larger than the limit: refused with 413 before it is parsed (or read past the limit).

export class PayloadTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The request body is larger than ${maxBytes} bytes`);
    this.name = "PayloadTooLargeError";
  }
}
