import { describe, expect, it } from "vitest";
import { accountOptions, parseAccountFilter, withAccount } from "@/lib/accounts/account-filter";

const SECURITY = "0123456789abcdef0123456789abcdef";
const STAGING = "fedcba9876543210fedcba9876543210";

describe("parseAccountFilter", () => {
  it("reads an account id and nothing else: anything else is every account", () => {
    expect(parseAccountFilter(SECURITY)).toBe(SECURITY);
    expect(parseAccountFilter(null)).toBeNull();
    expect(parseAccountFilter("")).toBeNull();
    expect(parseAccountFilter("staging")).toBeNull();
    expect(parseAccountFilter(SECURITY.toUpperCase())).toBeNull();
  });
});

describe("withAccount", () => {
  it("adds the account to a path, keeping its query", () => {
    expect(withAccount("/api/zones", SECURITY)).toBe(`/api/zones?account=${SECURITY}`);
    expect(withAccount("/api/zones?cursor=abc%3D&refresh=1", SECURITY)).toBe(`/api/zones?cursor=abc%3D&refresh=1&account=${SECURITY}`);
  });

  it("leaves the path alone for every account", () => {
    expect(withAccount("/api/zones?format=csv", null)).toBe("/api/zones?format=csv");
    expect(withAccount("/zones/z1", undefined)).toBe("/zones/z1");
  });
});

describe("accountOptions", () => {
  it("offers each account once, in the order first seen, and never one without an id", () => {
    const options = accountOptions(
      [
        { id: SECURITY, name: "Security" },
        { id: "", name: "group" },
      ],
      undefined,
      [
        { id: STAGING, name: "Staging" },
        { id: SECURITY, name: "Security again" },
      ],
    );
    expect(options).toEqual([
      { id: SECURITY, name: "Security" },
      { id: STAGING, name: "Staging" },
    ]);
  });
});
