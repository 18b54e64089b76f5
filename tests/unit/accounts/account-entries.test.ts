// PREFLIGHT_ACCOUNTS: several accounts, each credential in a variable of its own; the single-account variables
// stay one account; a bad entry names its variable, never its value; every credential is redacted.
import { describe, expect, it } from "vitest";
import { parseConfig } from "@/lib/config-schema";
import { ConfigError } from "@/lib/errors/internal-errors";

const ID_A = "a".repeat(32);
const ID_B = "b".repeat(32);

function failure(env: Record<string, string>): { variable: string; message: string } {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return { variable: error.variable, message: error.message };
    throw error;
  }
  throw new Error("parsed");
}

describe("several accounts in the configuration", () => {
  it("keeps the single-account variables as one account", () => {
    const config = parseConfig({ CLOUDFLARE_API_TOKEN: "token-of-the-default", CLOUDFLARE_ACCOUNT_ID: ID_A });
    expect(config.mode).toBe("live");
    expect(config.accounts).toEqual([{ key: "default", id: ID_A, credentials: { kind: "token", token: "token-of-the-default" } }]);
    expect(config.accountId).toBe(ID_A);
  });

  it("reads each named account's id, name and credentials, after the single-account one", () => {
    const config = parseConfig({
      CLOUDFLARE_API_TOKEN: "token-of-the-default",
      PREFLIGHT_ACCOUNTS: "staging, acquired",
      PREFLIGHT_ACCOUNT_STAGING_ID: ID_B,
      PREFLIGHT_ACCOUNT_STAGING_NAME: "Staging",
      PREFLIGHT_ACCOUNT_STAGING_API_TOKEN: "token-of-staging",
      PREFLIGHT_ACCOUNT_ACQUIRED_API_EMAIL: "sec@acquired.example",
      PREFLIGHT_ACCOUNT_ACQUIRED_API_KEY: "key-of-acquired",
    });
    expect(config.accounts.map((entry) => [entry.key, entry.id, entry.name, entry.credentials.kind])).toEqual([
      ["default", undefined, undefined, "token"],
      ["staging", ID_B, "Staging", "token"],
      ["acquired", undefined, undefined, "key"],
    ]);
    for (const secret of ["token-of-the-default", "token-of-staging", "key-of-acquired"]) expect(config.secrets).toContain(secret);
  });

  it("runs live on PREFLIGHT_ACCOUNTS alone", () => {
    const config = parseConfig({ PREFLIGHT_ACCOUNTS: "prod", PREFLIGHT_ACCOUNT_PROD_API_TOKEN: "token-of-prod" });
    expect(config.mode).toBe("live");
    expect(config.credentials).toEqual({ kind: "token", token: "token-of-prod" });
  });

  it("stops on a bad entry naming the variable, never its value", () => {
    expect(failure({ PREFLIGHT_ACCOUNTS: "prod" })).toMatchObject({ variable: "PREFLIGHT_ACCOUNT_PROD_API_TOKEN" });
    const badId = failure({
      PREFLIGHT_ACCOUNTS: "prod",
      PREFLIGHT_ACCOUNT_PROD_ID: "secret-looking-id",
      PREFLIGHT_ACCOUNT_PROD_API_TOKEN: "t0ken-value",
    });
    expect(badId.variable).toBe("PREFLIGHT_ACCOUNT_PROD_ID");
    expect(badId.message).not.toContain("secret-looking-id");
    expect(failure({ PREFLIGHT_ACCOUNTS: "prod", PREFLIGHT_ACCOUNT_PROD_API_EMAIL: "a@b.example" }).variable).toBe(
      "PREFLIGHT_ACCOUNT_PROD_API_KEY",
    );
    expect(failure({ PREFLIGHT_ACCOUNTS: "Prod!" }).variable).toBe("PREFLIGHT_ACCOUNTS");
    expect(failure({ PREFLIGHT_ACCOUNTS: "a,a", PREFLIGHT_ACCOUNT_A_API_TOKEN: "t0ken-value" }).variable).toBe("PREFLIGHT_ACCOUNTS");
  });

  it("reaches the sandbox's accounts with their own tokens, one of them spanning two accounts", () => {
    const config = parseConfig({ SANDBOX_API_TOKEN: "sandbox-token-1", SANDBOX_ACCOUNTS: "security,staging,acquired" });
    expect(config.mode).toBe("sandbox");
    expect(config.accounts.map((entry) => [entry.key, entry.credentials])).toEqual([
      ["default", { kind: "token", token: "sandbox-token-1" }],
      ["group", { kind: "token", token: "sandbox-token-1-group" }],
    ]);
    expect(config.secrets).toContain("sandbox-token-1-group");
    expect(parseConfig({ SANDBOX_API_TOKEN: "sandbox-token-1", SANDBOX_ACCOUNTS: "security" }).accounts).toHaveLength(1);
    // Unset (a test's own sandbox, not `npm start`'s): the first account only.
    expect(parseConfig({ SANDBOX_API_TOKEN: "sandbox-token-1" }).accounts).toHaveLength(1);
    expect(failure({ SANDBOX_ACCOUNTS: "security,nope" }).variable).toBe("SANDBOX_ACCOUNTS");
  });
});
