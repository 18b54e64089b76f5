// Each configured account keeps its own rate limits: one account's used-up limit never stalls another's calls.
import { describe, expect, it } from "vitest";
import { parseConfig } from "@/lib/config-schema";
import { limitKeepers } from "@/lib/platform/limit-keepers";
import { RateLimitDeferredError } from "@/lib/errors/platform-errors";

describe("each account's own limits", () => {
  it("gives every entry its own keepers, kept across requests", async () => {
    const config = parseConfig({
      PREFLIGHT_ACCOUNTS: "prod,staging",
      PREFLIGHT_ACCOUNT_PROD_API_TOKEN: "token-of-prod",
      PREFLIGHT_ACCOUNT_STAGING_API_TOKEN: "token-of-staging",
      ACCOUNT_RATE_LIMIT: "2",
    });
    const [prod, staging] = config.accounts;
    const prodKeepers = limitKeepers(config, prod);
    expect(limitKeepers(config, prod)).toBe(prodKeepers);
    const stagingKeepers = limitKeepers(config, staging);
    expect(stagingKeepers.account).not.toBe(prodKeepers.account);
    // prod's two calls use its whole window; staging's first call still has room.
    for (let i = 0; i < 2; i++) await prodKeepers.account.acquire(undefined, 0);
    await expect(prodKeepers.account.acquire(undefined, 0)).rejects.toThrow(RateLimitDeferredError);
    await expect(stagingKeepers.account.acquire(undefined, 0)).resolves.toBeUndefined();
  });
});
