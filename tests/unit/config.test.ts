import { describe, expect, it } from "vitest";
import { parseConfig, REAL_API_BASE_URL } from "@/lib/config-schema";
import { ConfigError } from "@/lib/errors/internal-errors";
import { identityStartupProblem } from "@/lib/identity/config-schema";

function errorOf(env: Record<string, string>): ConfigError {
  try {
    parseConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error("expected a ConfigError");
}

describe("parseConfig", () => {
  it("shares the rate limits between isolates unless PREFLIGHT_SHARED_LIMITS=off, and reads a limit group", () => {
    expect(parseConfig({})).toMatchObject({ sharedLimits: true, limitGroup: undefined });
    expect(parseConfig({ PREFLIGHT_SHARED_LIMITS: "off", PREFLIGHT_LIMIT_GROUP: "team-a" })).toMatchObject({
      sharedLimits: false,
      limitGroup: "team-a",
    });
    expect(errorOf({ PREFLIGHT_SHARED_LIMITS: "no" }).message).toContain("on or off");
    expect(errorOf({ PREFLIGHT_LIMIT_GROUP: "a group/1" }).message).toContain("letters");
  });

  it("runs on the sandbox when no credentials are configured", () => {
    const config = parseConfig({});
    expect(config.mode).toBe("sandbox");
    expect(config.apiBaseUrl).toBe("http://127.0.0.1:8790/client/v4");
    expect(config.credentials).toEqual({ kind: "token", token: "preflight-sandbox-token" });
    expect(config.subrequestBudget).toBe(1000);
    expect(config.rateLimit).toEqual({ requests: 1200, windowSeconds: 300 });
  });

  it("uses the sandbox port and token it is given", () => {
    const config = parseConfig({ SANDBOX_PORT: "9001", SANDBOX_API_TOKEN: "my-sandbox-token" });
    expect(config.apiBaseUrl).toBe("http://127.0.0.1:9001/client/v4");
    expect(config.credentials).toEqual({ kind: "token", token: "my-sandbox-token" });
  });

  it("goes live with a token, on the real base URL by default", () => {
    const config = parseConfig({ CLOUDFLARE_API_TOKEN: "tok-123" });
    expect(config).toMatchObject({ mode: "live", apiBaseUrl: REAL_API_BASE_URL });
    expect(config.credentials).toEqual({ kind: "token", token: "tok-123" });
    expect(config.secrets).toContain("tok-123");
  });

  it("accepts the legacy e-mail and key pair, and treats the key as a secret", () => {
    const config = parseConfig({ CLOUDFLARE_API_EMAIL: "sec@example.com", CLOUDFLARE_API_KEY: "k-456" });
    expect(config.credentials).toEqual({ kind: "key", email: "sec@example.com", key: "k-456" });
    expect(config.secrets).toContain("k-456");
  });

  it("maps the edge plan to its subrequest budget, and lets the budget be set", () => {
    expect(parseConfig({ EDGE_PLAN: "free" }).subrequestBudget).toBe(50);
    expect(parseConfig({ EDGE_PLAN: "paid" }).subrequestBudget).toBe(1000);
    expect(parseConfig({ EDGE_PLAN: "free", SUBREQUEST_BUDGET: "7" }).subrequestBudget).toBe(7);
  });

  it("keeps the gateway URL among the secrets (it may carry a key)", () => {
    const config = parseConfig({ ETH_GATEWAY_URL: "https://gw.example/v1/mainnet?key=abc" });
    expect(config.secrets).toContain("https://gw.example/v1/mainnet?key=abc");
  });

  it("points the gateway at the demo policy layer in sandbox mode, on GATEWAY_PORT", () => {
    expect(parseConfig({})).toMatchObject({
      gatewayUrl: "http://127.0.0.1:8546/v1/anvil",
      demoGateway: { anvilPort: 8545, gatewayPort: 8546 },
    });
    const config = parseConfig({ ANVIL_PORT: "18545", GATEWAY_PORT: "18546" });
    expect(config.gatewayUrl).toBe("http://127.0.0.1:18546/v1/anvil");
    expect(config.demoGateway).toEqual({ anvilPort: 18545, gatewayPort: 18546 });
    expect(config.secrets).toContain("http://127.0.0.1:18546/v1/anvil");
  });

  it("uses ETH_GATEWAY_URL as given, and starts no demo gateway then", () => {
    const sandbox = parseConfig({ ETH_GATEWAY_URL: "https://gw.example/v1/mainnet" });
    expect(sandbox).toMatchObject({ gatewayUrl: "https://gw.example/v1/mainnet", demoGateway: undefined });
    const live = parseConfig({ CLOUDFLARE_API_TOKEN: "t" });
    expect(live.gatewayUrl).toBeUndefined();
    expect(live.demoGateway).toBeUndefined();
  });

  it("allows plain http only on loopback, and strips a trailing slash", () => {
    const config = parseConfig({ CLOUDFLARE_API_TOKEN: "t", CLOUDFLARE_API_BASE_URL: "http://127.0.0.1:8790/client/v4/" });
    expect(config.apiBaseUrl).toBe("http://127.0.0.1:8790/client/v4");
  });

  it.each([
    [{ CLOUDFLARE_API_TOKEN: "t", CLOUDFLARE_API_BASE_URL: "https://api.example.com/v4" }, "CLOUDFLARE_API_BASE_URL", /client\/v4/],
    [{ CLOUDFLARE_API_TOKEN: "t", CLOUDFLARE_API_BASE_URL: "http://api.example.com/client/v4" }, "CLOUDFLARE_API_BASE_URL", /https/],
    [{ CLOUDFLARE_API_TOKEN: "t", CLOUDFLARE_API_BASE_URL: "not a url" }, "CLOUDFLARE_API_BASE_URL", /URL/],
    [{ CLOUDFLARE_API_BASE_URL: "https://api.example.com/client/v4" }, "CLOUDFLARE_API_TOKEN", /not set/],
    [{ CLOUDFLARE_API_EMAIL: "a@b.co" }, "CLOUDFLARE_API_KEY", /required/],
    [{ CLOUDFLARE_API_KEY: "k" }, "CLOUDFLARE_API_EMAIL", /required/],
    [{ CLOUDFLARE_API_EMAIL: "nobody", CLOUDFLARE_API_KEY: "k" }, "CLOUDFLARE_API_EMAIL", /e-mail/],
    [{ CLOUDFLARE_ACCOUNT_ID: "xyz" }, "CLOUDFLARE_ACCOUNT_ID", /hexadecimal/],
    [{ EDGE_PLAN: "enterprise" }, "EDGE_PLAN", /free or paid/],
    [{ ACCOUNT_RATE_LIMIT: "lots" }, "ACCOUNT_RATE_LIMIT", /whole number/],
    [{ ACCOUNT_RATE_WINDOW_SECONDS: "0" }, "ACCOUNT_RATE_WINDOW_SECONDS", /./],
    [{ SANDBOX_PORT: "70000" }, "SANDBOX_PORT", /./],
    [{ SANDBOX_API_TOKEN: "short" }, "SANDBOX_API_TOKEN", /8 characters/],
    [{ ETH_GATEWAY_URL: "gateway" }, "ETH_GATEWAY_URL", /URL/],
    [{ ANVIL_PORT: "0" }, "ANVIL_PORT", /./],
    [{ GATEWAY_PORT: "port" }, "GATEWAY_PORT", /whole number/],
  ])("refuses %j naming %s", (env, variable, message) => {
    const error = errorOf(env);
    expect(error.variable).toBe(variable);
    expect(error.message.startsWith(variable)).toBe(true);
    expect(error.message).toMatch(message);
  });

  it("never puts a secret value in its error message", () => {
    const error = errorOf({ CLOUDFLARE_API_TOKEN: "super-secret-token", CLOUDFLARE_API_BASE_URL: "ftp://x/client/v4" });
    expect(error.message).not.toContain("super-secret-token");
  });
});

describe("identity and storage configuration", () => {
  it("uses demo users on the sandbox and keeps data under .preflight-data by default", () => {
    const config = parseConfig({});
    expect(config.identity).toEqual({ kind: "demo", reason: "sandbox" });
    expect(config.storage).toEqual({ dataDir: ".preflight-data", authKeySecret: undefined, archiveMaxBytes: 10 * 1024 * 1024 });
  });

  it("refuses a live start with no identity unless explicitly opted out", () => {
    expect(identityStartupProblem(parseConfig({ CLOUDFLARE_API_TOKEN: "t" }).identity)?.variable).toBe("ACCESS_JWKS_URL");
    expect(parseConfig({ CLOUDFLARE_API_TOKEN: "t", PREFLIGHT_INSECURE_NO_IDENTITY: "1" }).identity).toEqual({
      kind: "demo",
      reason: "opted_out",
    });
    expect(identityStartupProblem(parseConfig({}).identity)).toBeUndefined();
  });

  it("reads the access settings and role lists, naming a missing companion variable", () => {
    const config = parseConfig({
      ACCESS_JWKS_URL: "https://team.cloudflareaccess.com/cdn-cgi/access/certs",
      ACCESS_AUDIENCE: "aud",
      ACCESS_ISSUER: "https://team.cloudflareaccess.com",
      PREFLIGHT_APPROVERS: "Lead@Example.com, group:security",
    });
    expect(config.identity).toMatchObject({
      kind: "access",
      roles: { approver: ["lead@example.com", "group:security"], planner: [], viewer: [] },
    });
    expect(errorOf({ ACCESS_JWKS_URL: "https://x.example/certs" }).variable).toBe("ACCESS_AUDIENCE");
  });

  it("keeps AUTH_KEY_SECRET among the secrets to scrub and checks its length", () => {
    expect(parseConfig({ AUTH_KEY_SECRET: "archive-secret-0123456789" }).secrets).toContain("archive-secret-0123456789");
    expect(errorOf({ AUTH_KEY_SECRET: "short" }).variable).toBe("AUTH_KEY_SECRET");
  });
});
