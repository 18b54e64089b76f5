// The Settings page's Accounts table: each entry's accounts, its kind of credential (never the secret), its limits.
import { describe, expect, it } from "vitest";
import type { AccountEntry } from "@/lib/accounts/account-entries";
import { credentialKind, entrySummaries, rateLimitWords } from "@/lib/accounts/entry-summary";
import type { RateLimitUse } from "@/lib/platform/rate-limit-keeper";

const SECRET = "tok-never-shown-0123456789";
const entries: AccountEntry[] = [
  { key: "security", credentials: { kind: "token", token: SECRET } },
  {
    key: "staging",
    id: "5ca1ab1e5ca1ab1e5ca1ab1e5ca1ab1e",
    name: "Staging",
    credentials: { kind: "key", email: "ops@example.com", key: SECRET },
  },
  { key: "acquired", credentials: { kind: "token", token: SECRET } },
];
const use = (limit: RateLimitUse["limit"], available: number, pausedUntil: string | null = null): RateLimitUse => ({
  limit,
  requests: limit === "account" ? 1200 : 300,
  windowSeconds: 300,
  available,
  pausedUntil,
  consumers: [],
});

describe("entrySummaries", () => {
  it("names each entry's accounts, credential kind and own limits, and never a secret", () => {
    const answer = {
      accounts: [
        { id: "0123456789abcdef0123456789abcdef", name: "Security", entry: "security" },
        { id: "5ca1ab1e5ca1ab1e5ca1ab1e5ca1ab1e", name: "Staging", entry: "staging" },
      ],
      unread: [{ entry: "acquired", error: "Invalid API Token" }],
    };
    const rows = entrySummaries(entries, answer, (entry) =>
      entry.key === "staging" ? [use("account", 10, "2026-11-25T19:00:00.000Z")] : [],
    );
    expect(rows).toEqual([
      { key: "security", accounts: "Security (0123456789abcdef0123456789abcdef)", credential: "API token (Bearer)", rateLimits: "" },
      {
        key: "staging",
        accounts: "Staging (5ca1ab1e5ca1ab1e5ca1ab1e5ca1ab1e)",
        credential: "Legacy pair: e-mail and global API key",
        rateLimits: "account: 10 of 1200 left per 300 s, paused until 2026-11-25T19:00:00.000Z",
      },
      { key: "acquired", accounts: "not listed: Invalid API Token", credential: "API token (Bearer)", rateLimits: "" },
    ]);
    expect(JSON.stringify(rows)).not.toContain(SECRET);
  });

  it("falls back to the configured id, or to every account reached, when the accounts were not read", () => {
    const rows = entrySummaries(entries.slice(0, 2), undefined, () => []);
    expect(rows.map((row) => row.accounts)).toEqual(["every account the credential reaches", "Staging (5ca1ab1e5ca1ab1e5ca1ab1e5ca1ab1e)"]);
  });

  it("words each limit", () => {
    expect(rateLimitWords([use("account", 1190.6), use("graphql", 300)])).toBe(
      "account: 1190 of 1200 left per 300 s · graphql: 300 of 300 left per 300 s",
    );
    expect(credentialKind(entries[0]!)).toBe("API token (Bearer)");
  });
});
