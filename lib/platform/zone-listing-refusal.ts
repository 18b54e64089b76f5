// GET /zones is refused to a token that reaches more than 500 accounts unless it is filtered by account
// (the SDK's zones.list: "Listing zones across more than 500 accounts is currently not allowed"; the API's
// own words, quoted in cloudflare/workers-sdk#4944, add "please apply the 'account.id' filter"). No source
// gives its HTTP status or code, so it is told by its words; the fix is Preflight's configuration.
import { PlatformError } from "@/lib/errors/platform-errors";

const REFUSAL = /listing zones across more than \d+ accounts/i;

/** The variable that makes every zone listing filter by account.id. */
export const ACCOUNT_ID_VARIABLE = "CLOUDFLARE_ACCOUNT_ID";

/** The refusal as an error naming the variable, or undefined when `error` is another failure. */
export function tooManyAccounts(error: unknown, accountId: string | undefined): PlatformError | undefined {
  if (!(error instanceof PlatformError) || error.kind !== "api") return undefined;
  if (!REFUSAL.test(error.message) && !error.errors.some((entry) => REFUSAL.test(entry.message))) return undefined;
  const fix = accountId
    ? `the listing was filtered by the ${ACCOUNT_ID_VARIABLE} account and still refused: check that ${ACCOUNT_ID_VARIABLE} names an account the token reaches`
    : `set ${ACCOUNT_ID_VARIABLE} to the id of the account to review, and Preflight lists that account's zones only (account.id filter)`;
  return new PlatformError({
    kind: "api",
    operation: error.operation,
    status: error.status,
    errors: error.errors,
    message:
      `${error.operation} was refused: the API token reaches more than 500 accounts, and the platform lists zones across that many ` +
      `only when filtered by account. To fix it, ${fix}`,
  });
}
