// Every error code the sandbox answers with, in one place, so tests and docs name the same numbers.

export const ERROR_CODES = {
  /** Missing X-Auth-Key, X-Auth-Email or Authorization headers (HTTP 400). */
  missingCredentials: 9106,
  /** Authentication error (HTTP 403). */
  authentication: 10000,
  /** A zone of an account the credential does not reach (HTTP 403): "Unauthorized to access requested resource" (reach.ts). */
  unauthorizedResource: 9109,
  /** Rate limited (HTTP 429), as observed on the real API. */
  rateLimited: 971,
  /** A sandbox-injected server fault (HTTP 500). */
  injectedFault: 10001,
  /** A sandbox bug (HTTP 500); never expected, kept distinct from injected faults. */
  internal: 10002,
  /** No route for the URI, or an identifier that cannot be routed (HTTP 404 / 400). */
  noRoute: 7003,
  /** Invalid zone identifier: well-formed but unknown (HTTP 404). */
  invalidZone: 1001,
  /** Method not allowed on a known path (HTTP 405). */
  methodNotAllowed: 10405,
  /** A query parameter out of range or of the wrong kind (HTTP 400); sandbox-chosen code. */
  invalidQuery: 10400,
  /** A request body that is not the documented shape (HTTP 400); sandbox-chosen code. */
  invalidBody: 10401,
  /**
   * GET /zones without account.id for a token reaching over 500 accounts (HTTP 400). The words are the API's (quoted in
   * cloudflare/workers-sdk#4944); no source gives the status or code: both are the sandbox's.
   */
  tooManyAccounts: 10410,
  /** A custom hostname id the zone does not have (HTTP 404). */
  customHostnameNotFound: 1436,
  /**
   * A CA change without ssl.type or ssl.method (HTTP 400): cloudflare-docs cloudflare-for-saas issue-certificates.mdx
   * ("omitting type or method returns an error"); the code is the one cloudflare-docs PR #28489 reports.
   */
  customHostnameValidation: 1434,
} as const;

export const RATE_LIMIT_MESSAGE = "Please wait and consider throttling your request speed";

/** Thrown by query parsing; the server turns it into a 400 envelope naming the parameter. */
export class BadQueryError extends Error {
  constructor(
    readonly parameter: string,
    problem: string,
  ) {
    super(`${parameter} ${problem}`);
    this.name = "BadQueryError";
  }
}
