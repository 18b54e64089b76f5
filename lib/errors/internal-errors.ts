// Preflight's own faults, never the caller's: a bad environment, an upstream call its operation does not
// declare, a stored object that no longer matches its schema. Each is a 500, logged.
import { PreflightError } from "@/lib/errors/preflight-error";

/** An environment variable Preflight cannot run with, named (the launcher and the start-up check print it). */
export class ConfigError extends PreflightError {
  readonly httpStatus = 500;
  readonly kind = "config";

  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`${variable} ${problem}`);
    this.name = "ConfigError";
  }

  override answer() {
    return { ...super.answer(), message: `Preflight is misconfigured: ${this.message}` };
  }
}

/** Thrown before an undeclared call leaves the server: a bug, never the caller's doing. */
export class UndeclaredUpstreamError extends PreflightError {
  readonly httpStatus = 500;
  readonly kind = "undeclared_upstream";

  constructor(call: string) {
    super(`Preflight refused an upstream call its operation does not declare: ${call.slice(0, 200)}`);
    this.name = "UndeclaredUpstreamError";
  }
}

/** A stored object that does not match its schema: never used as if it did. Answered as any unexpected failure. */
export class CorruptObjectError extends Error {
  constructor(key: string, problem: string) {
    super(`The stored object ${key} is not valid: ${problem}`);
    this.name = "CorruptObjectError";
  }
}
